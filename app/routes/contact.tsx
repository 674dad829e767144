import { useState } from 'react'
import { CONTACT_LIMITS, CONTACT_MESSAGES } from '../../contracts/contact-constants.ts'
import type { ContactInput } from '../../contracts/contact.ts'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { FieldError, Input, Label, Textarea } from '../components/ui/input.tsx'
import * as API_PATHS from '../../contracts/api-paths.ts'
import { useApiForm } from '../lib/form.ts'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Contact',
    description:
      'Get in touch: questions about observing, collaborations or feedback. Or join our Discord community.',
    path: '/contact',
  })

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '', website: '' }

function ContactForm({ onSent }: { onSent: () => void }) {
  // The schema and zod load once the form has hydrated, not with the page.
  const { form, submit, busy, formError } = useApiForm(API_PATHS.submitContact, {
    defaultValues: EMPTY,
    fallbackMessage: CONTACT_MESSAGES.unknown,
    onSuccess: onSent,
  })
  const { errors } = form.formState

  const field = (
    name: 'name' | 'email' | 'subject',
    label: string,
    type = 'text',
    autoComplete?: string,
  ) => (
    <div className="space-y-1.5">
      <Label htmlFor={`contact-${name}`}>{label}</Label>
      <Input
        id={`contact-${name}`}
        type={type}
        autoComplete={autoComplete}
        disabled={busy}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `contact-${name}-error` : undefined}
        maxLength={
          name === 'subject'
            ? CONTACT_LIMITS.subject
            : name === 'name'
              ? CONTACT_LIMITS.name
              : undefined
        }
        {...form.register(name)}
      />
      <FieldError id={`contact-${name}-error`} message={errors[name]?.message} />
    </div>
  )

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Contact form">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', 'Name', 'text', 'name')}
        {field('email', 'Email', 'email', 'email')}
      </div>
      {field('subject', 'Subject')}
      <div className="space-y-1.5">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea
          id="contact-message"
          rows={6}
          disabled={busy}
          maxLength={CONTACT_LIMITS.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          {...form.register('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
      {/* Hidden from people and screen readers; bots fill it in and are dropped. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          {...form.register('website')}
        />
      </div>
      {formError && (
        <p
          role="alert"
          className="rounded-lg border border-error/40 bg-error/10 px-3 py-2 text-sm text-error"
        >
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  )
}

export default function Contact() {
  const { discordInviteUrl } = usePublicConfig()
  const [sent, setSent] = useState(false)
  // A new key gives "Send Another Message" a fresh, empty form.
  const [formKey, setFormKey] = useState(0)

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_1.4fr]">
      <section>
        <h1 className="font-display text-4xl font-bold tracking-tight">Get in Touch</h1>
        <p className="mt-4 text-muted-foreground">
          Questions about a first telescope, an astrophoto that will not come together, a
          collaboration idea, or something on the site that is not right? Send a message and we will
          read it and answer as soon as we can, usually within a few days.
        </p>
        <p className="mt-4 text-muted-foreground">
          For quick questions and clear-sky alerts, the Discord community is the fastest place:
          stargazers share tips, gear advice and their latest images there.
        </p>
        {discordInviteUrl && (
          <Button asChild size="lg" variant="discord" className="mt-6">
            <a href={discordInviteUrl} target="_blank" rel="noopener noreferrer">
              Join Our Discord
            </a>
          </Button>
        )}
      </section>
      <Card className="p-6 md:p-8">
        {sent ? (
          <div className="py-8 text-center" role="status">
            <h2 className="font-display text-2xl font-bold text-success">Message Sent!</h2>
            <p className="mt-3 text-muted-foreground">{CONTACT_MESSAGES.sent}</p>
            <Button
              variant="outline"
              className="mt-6"
              onClick={() => {
                setFormKey((k) => k + 1)
                setSent(false)
              }}
            >
              Send Another Message
            </Button>
          </div>
        ) : (
          <>
            <h2 className="mb-6 font-display text-xl font-semibold">Send a message</h2>
            <ContactForm key={formKey} onSent={() => setSent(true)} />
          </>
        )}
      </Card>
    </div>
  )
}
