// The English level test's question bank as of migration 2026_11_26_0039 (frozen, like
// data/regions.ts): reference data of every edition (the questions are English everywhere), so the test
// works on a first start and in production; staff edit it in the panel afterwards. Three sections:
// grammar, vocabulary, and reading (short texts, four questions each). Each entry lists the correct
// option first; `BANK` spreads the correct option over the four positions deterministically.

export type Section = 'grammar' | 'vocabulary' | 'reading'
type Entry = readonly [question: string, correct: string, ...wrong: string[]]

const GRAMMAR: Entry[] = [
  ['She ___ a teacher.', 'is', 'are', 'am', 'be'],
  ['I ___ two brothers.', 'have', 'has', 'having', 'am have'],
  ['___ you like coffee?', 'Do', 'Does', 'Are', 'Is'],
  ['There ___ three apples on the table.', 'are', 'is', 'be', 'am'],
  ['He ___ football every Saturday.', 'plays', 'play', 'playing', 'is play'],
  ['This is ___ umbrella.', 'an', 'a', 'the a', 'some'],
  ['We ___ at home yesterday.', 'were', 'was', 'are', 'been'],
  ['Look! The baby ___.', 'is sleeping', 'sleeps', 'sleep', 'sleeping'],
  ['My sister is ___ than me.', 'taller', 'more tall', 'tallest', 'the taller'],
  ["I can't find ___ keys.", 'my', 'me', 'mine', 'I'],
  ["She didn't ___ the film.", 'like', 'liked', 'likes', 'liking'],
  ['How ___ milk is there in the fridge?', 'much', 'many', 'lot', 'few'],
  ["I'm going ___ my grandparents next week.", 'to visit', 'visit', 'visiting', 'visited'],
  ['They have lived here ___ 2015.', 'since', 'for', 'from', 'during'],
  ['Have you ever ___ to Japan?', 'been', 'went', 'go', 'gone to'],
  ['If it rains, we ___ at home.', 'will stay', 'would stay', 'stayed', 'stay will'],
  ['This is the ___ book I have ever read.', 'best', 'better', 'good', 'most good'],
  ["You ___ wear a seat belt in a car. It's the law.", 'must', 'may', 'could', 'would'],
  ['I was reading when the phone ___.', 'rang', 'was ringing', 'rings', 'has rung'],
  ['The letter ___ yesterday.', 'was sent', 'sent', 'is sending', 'has sent'],
  ['She asked me where I ___.', 'lived', 'do live', 'live', 'did live'],
  ["I'm not used to ___ up so early.", 'getting', 'get', 'got', 'have got'],
  ['He suggested ___ a taxi.', 'taking', 'to take', 'take', 'took'],
  ['By the time we arrived, the film ___.', 'had started', 'started', 'has started', 'was starting'],
  ['If I ___ more money, I would buy a car.', 'had', 'have', 'would have', 'will have'],
  ['The man ___ car was stolen called the police.', 'whose', 'who', 'which', 'whom'],
  ['You ___ have told me! I would have helped.', 'should', 'must', 'can', 'will'],
  ['I wish I ___ speak French.', 'could', 'can', 'will', 'am able'],
  ['She has been working here ___ three years.', 'for', 'since', 'ago', 'during'],
  ['Neither my brother ___ my sister likes fish.', 'nor', 'or', 'and', 'but'],
  ["I'd rather you ___ smoke in here.", "didn't", "don't", "won't", 'not'],
  ['He denied ___ the window.', 'breaking', 'to break', 'break', 'that break'],
  ['If she had left earlier, she ___ the train.', 'would have caught', 'would catch', 'had caught', 'will have caught'],
  ['The house needs ___.', 'painting', 'to paint', 'paint', 'painted'],
  ["It's high time we ___ home.", 'went', 'go', 'will go', 'have gone'],
  ['No sooner had I sat down ___ the phone rang.', 'than', 'when', 'then', 'that'],
  ['She is said ___ a fortune on the lottery.', 'to have won', 'winning', 'that she won', 'to win it'],
  ['Hardly ___ the meeting begun when the lights went out.', 'had', 'has', 'did', 'was'],
  ['Were I ___ the truth, I would tell you.', 'to know', 'knowing', 'know', 'known'],
  ['___ the weather, the match went ahead.', 'Despite', 'Although', 'In spite', 'Even though'],
  ['Not until the next morning ___ what had happened.', 'did I realise', 'I realised', 'I did realise', 'realised I'],
  ['The project, ___ was finished on time, won an award.', 'which', 'that', 'what', 'who'],
  ['He would sooner resign ___ accept the new rules.', 'than', 'that', 'then', 'to'],
  ['So difficult ___ that nobody finished it.', 'was the exam', 'the exam was', 'the exam is', 'was exam'],
  ['Little ___ that he was being watched.', 'did he know', 'he knew', 'he did know', 'knew he'],
  ['Should you ___ any problems, call this number.', 'have', 'had', 'having', 'to have'],
  ['Only after the storm ___ safe to go out.', 'was it', 'it was', 'it is', 'has it'],
  ["I'd have come to the party ___ I known about it.", 'had', 'if', 'have', 'would'],
  ["Such ___ the noise that we couldn't sleep.", 'was', 'is it', 'it was', 'being'],
  ['She talks as though she ___ everything.', 'knew', 'knows', 'has known', 'will know'],
]

const VOCABULARY: Entry[] = [
  ['The opposite of "hot" is ___.', 'cold', 'warm', 'wet', 'dry'],
  ['You sleep in a ___.', 'bed', 'kitchen', 'table', 'chair'],
  ['A person who treats sick people is a ___.', 'doctor', 'driver', 'farmer', 'pilot'],
  ['We eat breakfast in the ___.', 'morning', 'night', 'evening', 'midnight'],
  ['The day after Monday is ___.', 'Tuesday', 'Sunday', 'Thursday', 'Friday'],
  ['I wear ___ on my feet.', 'shoes', 'gloves', 'hats', 'scarves'],
  ["Please ___ the door, it's cold.", 'close', 'open', 'make', 'do'],
  ["My father's brother is my ___.", 'uncle', 'cousin', 'nephew', 'grandfather'],
  ['Can you ___ me a favour?', 'do', 'make', 'give', 'take'],
  ["I'm very ___ in history; I read about it every day.", 'interested', 'interesting', 'bored', 'boring'],
  ["It's raining. Take an ___.", 'umbrella', 'oven', 'envelope', 'engine'],
  ['We need to ___ a decision today.', 'make', 'do', 'take on', 'have up'],
  ['She ___ her bus and was late for work.', 'missed', 'lost', 'failed', 'left out'],
  ['Could you ___ me your pen for a minute?', 'lend', 'borrow', 'rent', 'owe'],
  ['The concert was ___: everyone loved it.', 'amazing', 'awful', 'boring', 'empty'],
  ["I'm looking ___ to the holidays.", 'forward', 'after', 'up', 'into'],
  ['Please ___ in this form with your details.', 'fill', 'fit', 'full', 'feel'],
  ['He ___ up smoking last year.', 'gave', 'took', 'put', 'made'],
  ['The flight was ___ because of the fog.', 'cancelled', 'deleted', 'removed', 'refused'],
  ['A synonym of "begin" is ___.', 'start', 'finish', 'stop', 'wait'],
  ['We ran ___ of milk, so I went to the shop.', 'out', 'off', 'over', 'away'],
  ['The company is going to ___ fifty new workers.', 'employ', 'employee', 'employment', 'employer'],
  ['She has a good ___ of humour.', 'sense', 'feeling', 'meaning', 'idea'],
  ["I can't ___ the noise any more!", 'stand', 'sit', 'carry', 'hold on'],
  ['Prices have ___ sharply this year.', 'risen', 'raised', 'arisen', 'lifted'],
  ['The police are ___ the robbery.', 'investigating', 'inventing', 'inviting', 'installing'],
  ['He was ___ of stealing the car.', 'accused', 'blamed', 'charged', 'suspected'],
  ["Let's ___ the meeting until Friday.", 'put off', 'put up', 'put on', 'put in'],
  ['The new law will come into ___ next month.', 'force', 'power', 'action', 'effect it'],
  ['Her argument was so ___ that everyone agreed.', 'convincing', 'convinced', 'conviction', 'convict'],
  ['He tends to ___ the truth when he is nervous.', 'bend', 'break', 'fold', 'twist up'],
  ['The results were ___ with our expectations.', 'consistent', 'constant', 'consequent', 'considerate'],
  ['After years of hard work, she finally ___ her ambition.', 'fulfilled', 'filled', 'completed up', 'satisfied in'],
  ['The old factory is an ___ on the landscape.', 'eyesore', 'eyewitness', 'eyebrow', 'eyelid'],
  ['His remarks were completely ___ to the discussion.', 'irrelevant', 'irreverent', 'irrelevance', 'irregular'],
  ['She ___ at the chance to work abroad.', 'jumped', 'leapt up', 'hopped', 'bounced'],
  ['The minister tried to ___ the scandal, but it became public.', 'hush up', 'shut out', 'cover in', 'blow over'],
  ['The speech was full of ___ promises that nobody believed.', 'hollow', 'empty-handed', 'vacant', 'bare'],
  ["He's a very ___ negotiator: he never gives anything away.", 'shrewd', 'shrewish', 'shallow', 'sheer'],
  ['The evidence was ___, so the case was dropped.', 'flimsy', 'floppy', 'fluffy', 'fleeting'],
]

interface ReadingText {
  title: string
  body: string
  questions: Entry[]
}

const READING: ReadingText[] = [
  {
    title: 'My family',
    body: 'My name is Anna. I live in a small house with my mother, my father and my brother Tom. Tom is ten and I am fourteen. We have a dog called Max. Every evening we walk Max in the park near our house. My mother is a nurse and my father works in a bank.',
    questions: [
      ['How old is Anna?', 'Fourteen', 'Ten', 'Twelve', 'Sixteen'],
      ["What is the dog's name?", 'Max', 'Tom', 'Anna', 'Park'],
      ['Where do they walk the dog?', 'In the park', 'In the bank', 'At school', 'In the garden'],
      ["What is Anna's mother's job?", 'She is a nurse', 'She works in a bank', 'She is a teacher', 'She is a doctor'],
    ],
  },
  {
    title: 'A day at the market',
    body: 'On Saturdays Peter goes to the market in the town centre. He buys fruit, vegetables and fresh bread. The market opens at seven in the morning and closes at one. Peter always goes early because the best bread is gone by ten. Last Saturday it rained, so he took the bus instead of walking.',
    questions: [
      ['When does Peter go to the market?', 'On Saturdays', 'Every day', 'On Sundays', 'On Mondays'],
      ['What time does the market close?', 'At one', 'At seven', 'At ten', 'At noon'],
      [
        'Why does Peter go early?',
        'The best bread sells out by ten',
        'The market closes at ten',
        'He works in the afternoon',
        'The bus is faster early',
      ],
      ['How did Peter travel last Saturday?', 'By bus', 'On foot', 'By bike', 'By car'],
    ],
  },
  {
    title: 'Holiday email',
    body: "Hi Sam, greetings from Lisbon! The weather has been lovely and we've been to the beach every afternoon. Yesterday we visited the old castle on the hill — the views were incredible, although the walk up was exhausting. The food is great, but I miss your cooking! We're flying back on Thursday evening, so see you on Friday at work. Love, Kate",
    questions: [
      ['Where is Kate?', 'In Lisbon', 'At work', 'At home', 'In a castle hotel'],
      [
        'What did Kate think of the walk to the castle?',
        'It was very tiring',
        'It was boring',
        'It was too short',
        'It was dangerous',
      ],
      ['What does Kate miss?', "Sam's cooking", 'The beach', 'Her work', 'The weather at home'],
      ['When will Kate see Sam?', 'On Friday', 'On Thursday evening', 'Tomorrow', 'Next week'],
    ],
  },
  {
    title: 'Working from home',
    body: 'More and more people now work from home for at least part of the week. Many say they save time and money because they no longer commute. However, some workers find it hard to separate work from family life, and others feel lonely without colleagues around them. Experts recommend keeping regular hours and having a dedicated place to work.',
    questions: [
      [
        'According to the text, why do many people like working from home?',
        'They save time and money on travel',
        'They earn a higher salary',
        'They can work fewer hours',
        'Their colleagues visit them',
      ],
      [
        'What problem do some home workers have?',
        'Separating work from family life',
        'Finding a job',
        'Using computers',
        'Paying for transport',
      ],
      [
        'What does "commute" mean in the text?',
        'Travel regularly to and from work',
        'Talk to colleagues',
        'Work overtime',
        'Change jobs',
      ],
      [
        'What do experts advise?',
        'Keeping regular hours and a fixed workplace',
        'Working only at weekends',
        'Going back to the office',
        'Working in different rooms every day',
      ],
    ],
  },
  {
    title: 'The library',
    body: "The city library was built in 1905 and is one of the oldest public buildings in town. Last year it was closed for six months for repairs. Now it has a new café, a children's room and free computers. Membership is free for residents, but visitors from other towns pay a small annual fee. The library is open every day except Sunday.",
    questions: [
      [
        'Why was the library closed last year?',
        'It was being repaired',
        'It had no visitors',
        'It was moving',
        'It had no money',
      ],
      ['Who has to pay for membership?', 'People from other towns', 'Children', 'City residents', 'Nobody'],
      ['Which of these is new in the library?', 'A café', 'The building', 'The books from 1905', 'Sunday opening'],
      ['When is the library closed?', 'On Sundays', 'On Saturdays', 'Every evening', 'In the summer'],
    ],
  },
  {
    title: 'Sleep and memory',
    body: 'Scientists have long suspected that sleep plays a role in memory. In a recent study, two groups of students learned a list of words in the evening. One group slept normally, while the other stayed awake all night. The next day, the students who had slept remembered significantly more words. Researchers believe that during deep sleep the brain replays and strengthens what it learned during the day.',
    questions: [
      [
        'What did the study compare?',
        'Students who slept with students who stayed awake',
        'Morning learners with evening learners',
        'Long lists with short lists',
        'Old students with young students',
      ],
      [
        'Which group remembered more words?',
        'The students who slept',
        'The students who stayed awake',
        'Both groups equally',
        'The text does not say',
      ],
      [
        'What happens during deep sleep, according to researchers?',
        'The brain strengthens new memories',
        'The brain forgets unimportant words',
        'The brain stops working',
        'The brain learns new words',
      ],
      [
        'The word "significantly" in the text is closest in meaning to ___.',
        'noticeably',
        'slightly',
        'surprisingly',
        'quickly',
      ],
    ],
  },
  {
    title: 'A small business',
    body: 'When Maria lost her office job, she turned her hobby of baking into a business. At first she sold cakes to friends and neighbours, but word spread quickly and within a year she had opened a small shop. The hardest part, she says, was not the baking but learning to manage accounts and staff. She now employs four people and is considering opening a second shop, although she worries that growing too fast could damage the quality of her products.',
    questions: [
      [
        "How did Maria's business begin?",
        'She sold cakes to people she knew',
        'She bought an existing shop',
        'Her employer helped her',
        'She won a baking competition',
      ],
      [
        'What did Maria find most difficult?',
        'Managing money and employees',
        'Baking the cakes',
        'Finding customers',
        'Choosing a shop',
      ],
      [
        'What does "word spread" mean here?',
        'More people heard about her cakes',
        'She advertised in newspapers',
        'She wrote a book',
        'Her friends moved away',
      ],
      [
        'Why is Maria unsure about a second shop?',
        'She fears quality could suffer',
        'She has no money',
        'Her staff want to leave',
        'Her customers dislike change',
      ],
    ],
  },
  {
    title: 'Urban gardens',
    body: 'Across many cities, empty lots and rooftops are being converted into community gardens. Supporters argue that these spaces do far more than produce vegetables: they bring neighbours together, reduce summer temperatures and give children a first-hand understanding of where food comes from. Critics, however, point out that the land is often only leased temporarily, and gardens that have taken years to establish can be bulldozed the moment a developer makes an offer.',
    questions: [
      [
        'What is the main idea of the text?',
        'Community gardens have benefits but an uncertain future',
        'Vegetables grow better in cities',
        'Developers support community gardens',
        'Rooftops are too hot for gardens',
      ],
      [
        'Which benefit is NOT mentioned by supporters?',
        'Raising property prices',
        'Bringing neighbours together',
        'Lowering temperatures',
        'Teaching children about food',
      ],
      [
        'What worries the critics?',
        'The land may be taken back for building',
        'Gardens use too much water',
        'Neighbours argue about gardens',
        'Gardens attract pests',
      ],
      [
        '"Bulldozed" in the text means ___.',
        'destroyed to clear the land',
        'sold to a neighbour',
        'moved to another place',
        'officially protected',
      ],
    ],
  },
  {
    title: 'The paradox of choice',
    body: 'Conventional wisdom holds that the more options we have, the happier we will be. Yet a growing body of research suggests otherwise. When confronted with an abundance of alternatives, people frequently defer decisions altogether, and those who do choose are often less satisfied, haunted by the nagging suspicion that a better option was forgone. Paradoxically, then, constraints on choice may liberate rather than restrict us, sparing us the cognitive burden of endless comparison.',
    questions: [
      [
        'What does the research described in the text suggest?',
        'Too many options can reduce satisfaction',
        'More options always increase happiness',
        'People prefer having no choice at all',
        'Comparison makes decisions easier',
      ],
      [
        'According to the text, what do people often do when faced with many alternatives?',
        'Put off deciding',
        'Choose the cheapest option',
        'Ask others to decide',
        'Choose very quickly',
      ],
      [
        'Why are some people less satisfied after choosing?',
        'They suspect they missed a better option',
        'They chose too quickly',
        'Their choice was too expensive',
        'They were forced to choose',
      ],
      ['The word "forgone" is closest in meaning to ___.', 'given up', 'forgotten', 'predicted', 'preferred'],
    ],
  },
  {
    title: 'Translation and machines',
    body: "Machine translation has improved dramatically, and for routine texts such as product descriptions it is now often indistinguishable from human work. Literary translation is another matter. A novel's effect depends on rhythm, allusion and tone — qualities that resist being reduced to statistical patterns. Translators are therefore unlikely to disappear; rather, their role is shifting from producing first drafts to refining, adapting and, where necessary, reinventing what the software offers.",
    questions: [
      [
        'For which kind of text is machine translation now close to human quality?',
        'Routine texts like product descriptions',
        'Novels',
        'Poetry',
        'All kinds of text',
      ],
      [
        'Why is literary translation harder for machines?',
        'It depends on rhythm, allusion and tone',
        'Novels are too long',
        'Literary words are rare',
        'Publishers refuse to use software',
      ],
      [
        'What does the author predict about translators?',
        'Their work will change rather than disappear',
        'They will all lose their jobs',
        'They will stop using software',
        'They will only write first drafts',
      ],
      [
        '"Another matter" in the text means ___.',
        'a different situation',
        'an important problem',
        'a similar case',
        'a solved question',
      ],
    ],
  },
]

export interface BankText {
  key: number
  title: string
  body: string
}
export interface BankQuestion {
  section: Section
  textKey: number | null
  question: string
  options: string[]
  correct: number
  sort: number
}

/** The correct option's position, spread over 0..n-1 by the question's number. */
function place(entry: Entry, n: number): { options: string[]; correct: number } {
  const [, correct, ...wrong] = entry
  const at = (n * 7 + 3) % (wrong.length + 1)
  const options = [...wrong]
  options.splice(at, 0, correct)
  return { options, correct: at }
}

export const BANK_TEXTS: BankText[] = READING.map((r, i) => ({ key: i, title: r.title, body: r.body }))

export const BANK_QUESTIONS: BankQuestion[] = (() => {
  const out: BankQuestion[] = []
  let n = 0
  const add = (section: Section, textKey: number | null, e: Entry) => {
    out.push({ section, textKey, question: e[0], ...place(e, n), sort: n })
    n++
  }
  for (const e of GRAMMAR) add('grammar', null, e)
  for (const e of VOCABULARY) add('vocabulary', null, e)
  READING.forEach((r, i) => {
    for (const e of r.questions) add('reading', i, e)
  })
  return out
})()
