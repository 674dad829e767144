import { redirect } from 'react-router'
import { DiscordSignInCard } from '../components/account/discord-sign-in.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/login'

// A signed-in member has nothing to do here: the members area is where they were going.
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(appContext).user) throw redirect('/members')
  return null
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Join Our Community',
    description: 'Sign in with Discord to join the community and reach the members area.',
    path: '/login',
  })

export default function Login() {
  return (
    <div className="flex justify-center px-4 py-16">
      <DiscordSignInCard />
    </div>
  )
}
