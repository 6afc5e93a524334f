// Every edition's regions as of migration 2026_11_24_0014 (frozen: a migration must not change when
// the demo seed does). Regions are part of the schema, not of demo data: cities name their region,
// and a production database has no other way to get one.
export const EDITION_REGIONS: Record<string, { alias: string; names: Record<string, string> }[]> = {
  ua: [
    { alias: 'kyiv', names: { ua: 'Київ', ru: 'Киев', en: 'Kyiv' } },
    { alias: 'kharkivska', names: { ua: 'Харківська область', ru: 'Харьковская область', en: 'Kharkiv Oblast' } },
    { alias: 'odeska', names: { ua: 'Одеська область', ru: 'Одесская область', en: 'Odesa Oblast' } },
    {
      alias: 'dnipropetrovska',
      names: { ua: 'Дніпропетровська область', ru: 'Днепропетровская область', en: 'Dnipropetrovsk Oblast' },
    },
    { alias: 'lvivska', names: { ua: 'Львівська область', ru: 'Львовская область', en: 'Lviv Oblast' } },
    { alias: 'zaporizka', names: { ua: 'Запорізька область', ru: 'Запорожская область', en: 'Zaporizhzhia Oblast' } },
    { alias: 'vinnytska', names: { ua: 'Вінницька область', ru: 'Винницкая область', en: 'Vinnytsia Oblast' } },
    {
      alias: 'ivano-frankivska',
      names: { ua: 'Івано-Франківська область', ru: 'Ивано-Франковская область', en: 'Ivano-Frankivsk Oblast' },
    },
  ],
  pl: [
    { alias: 'mazowieckie', names: { pl: 'Mazowieckie', en: 'Masovian' } },
    { alias: 'malopolskie', names: { pl: 'Małopolskie', en: 'Lesser Poland' } },
    { alias: 'lodzkie', names: { pl: 'Łódzkie', en: 'Łódź Voivodeship' } },
    { alias: 'dolnoslaskie', names: { pl: 'Dolnośląskie', en: 'Lower Silesian' } },
    { alias: 'wielkopolskie', names: { pl: 'Wielkopolskie', en: 'Greater Poland' } },
    { alias: 'pomorskie', names: { pl: 'Pomorskie', en: 'Pomeranian' } },
    { alias: 'zachodniopomorskie', names: { pl: 'Zachodniopomorskie', en: 'West Pomeranian' } },
    { alias: 'lubelskie', names: { pl: 'Lubelskie', en: 'Lublin Voivodeship' } },
  ],
  kz: [
    { alias: 'almaty', names: { ru: 'г. Алматы' } },
    { alias: 'astana', names: { ru: 'г. Астана' } },
    { alias: 'shymkent', names: { ru: 'г. Шымкент' } },
    { alias: 'karagandinskaya', names: { ru: 'Карагандинская область' } },
  ],
  us: [
    { alias: 'new-york', names: { en: 'New York' } },
    { alias: 'california', names: { en: 'California' } },
    { alias: 'illinois', names: { en: 'Illinois' } },
    { alias: 'texas', names: { en: 'Texas' } },
    { alias: 'arizona', names: { en: 'Arizona' } },
  ],
  in: [
    { alias: 'maharashtra', names: { en: 'Maharashtra' } },
    { alias: 'delhi', names: { en: 'Delhi' } },
    { alias: 'karnataka', names: { en: 'Karnataka' } },
    { alias: 'telangana', names: { en: 'Telangana' } },
    { alias: 'tamil-nadu', names: { en: 'Tamil Nadu' } },
  ],
  mx: [
    { alias: 'ciudad-de-mexico', names: { es: 'Ciudad de México' } },
    { alias: 'jalisco', names: { es: 'Jalisco' } },
    { alias: 'nuevo-leon', names: { es: 'Nuevo León' } },
    { alias: 'puebla', names: { es: 'Puebla' } },
  ],
  es: [
    { alias: 'comunidad-de-madrid', names: { es: 'Comunidad de Madrid' } },
    { alias: 'cataluna', names: { es: 'Cataluña' } },
    { alias: 'comunidad-valenciana', names: { es: 'Comunidad Valenciana' } },
    { alias: 'andalucia', names: { es: 'Andalucía' } },
    { alias: 'aragon', names: { es: 'Aragón' } },
  ],
  ng: [
    { alias: 'lagos', names: { en: 'Lagos State' } },
    { alias: 'fct', names: { en: 'Federal Capital Territory' } },
    { alias: 'kano', names: { en: 'Kano State' } },
    { alias: 'oyo', names: { en: 'Oyo State' } },
  ],
}
