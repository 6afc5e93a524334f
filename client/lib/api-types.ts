// Types of the API's answers, read off the router's type: the one thing client/ takes from server/
// (the layer lint in .dependency-cruiser.cjs enforces it).
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/routers/app'

export type RouterOutputs = inferRouterOutputs<AppRouter>
/** Who is signed in, as every auth call answers it. */
export type AuthObject = RouterOutputs['auth']['role']['get']['auth']
/** A tutor as the catalogue lists it. */
export type TutorCard = RouterOutputs['public']['catalogue']['tutors']['items'][number]
/** A tutor's avatar as the profile calls answer it (null: none). */
export type AvatarAnswer = RouterOutputs['tutor']['profile']['avatar']['crop']
