import { Link } from 'react-router'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/login'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Join Our Community',
    description: 'Sign in with Discord to join the community and reach the members area.',
    path: '/login',
  })

export default function Login() {
  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md text-center">
        <p className="text-sm font-medium tracking-wide text-primary uppercase">
          Join Our Community
        </p>
        <h1 className="mt-2 font-display text-2xl font-bold">Join the Discord Community</h1>
        <p className="mt-2 text-muted-foreground">
          Sign in with your Discord account to reach the members area, manage your profile and join
          the conversation.
        </p>
        <Button className="mt-6 w-full bg-[#5865f2] text-white" disabled>
          Continue with Discord
        </Button>
        <p className="mt-2 text-sm text-muted-foreground">Discord sign-in is not available yet.</p>
        <p className="mt-6 text-sm text-muted-foreground">
          Administrator?{' '}
          <Link to="/admin/login" className="font-medium text-primary hover:underline">
            login here
          </Link>
        </p>
      </Card>
    </div>
  )
}
