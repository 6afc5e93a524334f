// The search form's options for the 404 page, handed down by whoever renders it (client/App.tsx,
// or a catalogue or profile page that found nothing). The 404 chunk does not read them through the
// API client itself: that import makes the bundler (rolldown) move the API client and react-query
// out of the entry into a shared chunk, about 1.3 kB gzip more on every page (scripts/bundle-size.ts).
import { createContext, useContext } from 'react'

export interface SearchLists {
  /** `public.reference.allSubjects` / `allCities`: values are aliases. */
  subjects: { value: string; text: string }[]
  cities: { value: string; text: string }[]
}

export const SearchListsContext = createContext<SearchLists>({ subjects: [], cities: [] })

export const useSearchLists = (): SearchLists => useContext(SearchListsContext)
