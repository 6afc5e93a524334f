// The cards a server-rendered catalogue page lists, kept by the text they were made from. The page's
// query answers each tutor's card columns as one JSON text (searchCatalogueCardTexts); a card is a
// pure function of that text, the language and edition it is written in, the catalogue's subject
// (its price) and the TOP mark, so the same text under the same seed is the same card. A kept card is
// found by a 64-bit hash of the text and drawn as it is: no column decoded, no card built, no JSON
// made again (its JSON is kept beside it, for the page's state). A tutor whose data changed answers
// another text, hence another key: nothing is cleared, old cards are only pushed out (the oldest
// first). Measured in docs/benchmarks.md; the listed cards equal the API's cards cut to what a list
// shows (tests/api/listed-cards.test.ts).
import { type ListedCard, listedCard } from '../../client/components/TutorCard'
import { type Reader, toCard } from '../domain/catalogue/cards'
import { registerCache } from '../domain/shared/caches'
import { variantSeed } from './kept-html'

type CardRow = Parameters<typeof toCard>[0]

/** The JSON of every kept card object (the state splices it in, kept-html.ts). */
const cardJson = new WeakMap<object, string>()

/** The JSON of `card` if it is a kept listed card. */
export const keptCardJson = (card: unknown): string | undefined =>
  typeof card === 'object' && card !== null ? cardJson.get(card) : undefined

/** This process's kept listed cards, `max` at most (0: every card made from its text every time). */
export function listedCards(max: number) {
  const kept = new Map<bigint, ListedCard>()
  registerCache('listed_cards', kept)
  return {
    /** The listed card of a tutor's card text in `reader`'s language, for the subject `lessonId`. */
    of(text: string, isTop: boolean, reader: Reader, lessonId: number): ListedCard {
      const key =
        max > 0
          ? BigInt(Bun.hash(text, variantSeed(`${reader.edition.code} ${reader.locale} ${lessonId} ${isTop}`)))
          : 0n
      const found = max > 0 ? kept.get(key) : undefined
      if (found) return found
      const card = Object.freeze(
        listedCard(toCard(JSON.parse(text) as CardRow, reader, { is_top: isTop, lesson_id: lessonId })),
      )
      if (max > 0) {
        cardJson.set(card, JSON.stringify(card))
        if (kept.size >= max) kept.delete(kept.keys().next().value!)
        kept.set(key, card)
      }
      return card
    },
    size: () => kept.size,
  }
}
export type ListedCards = ReturnType<typeof listedCards>
