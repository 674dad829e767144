import { useNavigate } from 'react-router'
import { LOGIN_MESSAGES } from '../../contracts/auth-constants.ts'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { FieldError, Input, Label } from '../components/ui/input.tsx'
import * as API_PATHS from '../../contracts/api-paths.ts'
import { useApiForm } from '../lib/form.ts'
import { pageMeta } from '../lib/meta.ts'
import { setData } from '../lib/store.ts'
import type { Route } from './+types/admin-login'

export const REDIRECT_AFTER_LOGIN_MS = 200

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Admin Login',
    description: 'Log in to manage website content.',
    path: '/admin/login',
    noindex: true,
  })

export default function AdminLogin() {
  const navigate = useNavigate()
  // The schema and zod load once the form has hydrated, not with the page.
  const { form, submit, busy, formError } = useApiForm(API_PATHS.loginWithPassword, {
    defaultValues: { email: '', password: '' },
    fallbackMessage: LOGIN_MESSAGES.loginFailed,
    onSuccess: async (res) => {
      setData(API_PATHS.getSession, {}, res)
      await new Promise((r) => setTimeout(r, REDIRECT_AFTER_LOGIN_MS))
      await navigate('/')
    },
  })
  const { errors, isSubmitSuccessful } = form.formState

  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <h1 className="font-display text-2xl font-bold">Admin Panel</h1>
        <p className="mt-1 text-muted-foreground">Please log in to manage website content</p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="username"
              disabled={busy}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? 'email-error' : undefined}
              {...form.register('email')}
            />
            <FieldError id="email-error" message={errors.email?.message} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="password">Password</Label>
            <Input
              id="password"
              type="password"
              autoComplete="current-password"
              disabled={busy}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              {...form.register('password')}
            />
            <FieldError id="password-error" message={errors.password?.message} />
          </div>
          {formError && (
            <p
              role="alert"
              className="rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error"
            >
              {formError}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy || isSubmitSuccessful}>
            {busy ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
      </Card>
    </div>
  )
}
