import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { LOGIN_MESSAGES, type SessionResponse } from '../../contracts/auth-constants.ts'
import type { LoginInput } from '../../contracts/auth.ts'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { FieldError, Input, Label } from '../components/ui/input.tsx'
import * as API_PATHS from '../../contracts/api-paths.ts'
import { apiFetch } from '../lib/api.ts'
import { lazyResolver } from '../lib/lazy-resolver.ts'
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

// The schema and zod load once the form has hydrated, not with the page.
const loginResolver = lazyResolver(() =>
  Promise.all([import('../../contracts/auth.ts'), import('@hookform/resolvers/zod')]).then(
    ([{ LoginInput }, { zodResolver }]) => zodResolver(LoginInput),
  ),
)

export default function AdminLogin() {
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  useEffect(() => loginResolver.preload(), [])
  const form = useForm<LoginInput>({
    resolver: loginResolver.resolver,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting, isSubmitSuccessful } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null)
    try {
      const res = await apiFetch<SessionResponse>(
        API_PATHS.loginWithPassword,
        { body: values },
        LOGIN_MESSAGES.loginFailed,
      )
      setData(API_PATHS.getSession, {}, res)
      await new Promise((r) => setTimeout(r, REDIRECT_AFTER_LOGIN_MS))
      await navigate('/')
    } catch (e) {
      setError(e instanceof Error ? e.message : LOGIN_MESSAGES.loginFailed)
      throw e
    }
  })

  return (
    <div className="flex justify-center px-4 py-16">
      <Card className="w-full max-w-md">
        <h1 className="font-display text-2xl font-bold">Admin Panel</h1>
        <p className="mt-1 text-muted-foreground">Please log in to manage website content</p>
        <form
          onSubmit={(e) => void onSubmit(e).catch(() => {})}
          noValidate
          className="mt-6 space-y-4"
        >
          <div className="space-y-1.5">
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="username"
              disabled={isSubmitting}
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
              disabled={isSubmitting}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              {...form.register('password')}
            />
            <FieldError id="password-error" message={errors.password?.message} />
          </div>
          {error && (
            <p
              role="alert"
              className="rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error"
            >
              {error}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={isSubmitting || isSubmitSuccessful}>
            {isSubmitting ? 'Logging in...' : 'Log In'}
          </Button>
        </form>
      </Card>
    </div>
  )
}
