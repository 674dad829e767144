import { useEffect, useMemo, useState } from 'react'
import {
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  useForm,
  type UseFormReturn,
} from 'react-hook-form'
import type { z } from 'zod'
import type { EndpointContract, InputOf, ResponseOf } from '../../contracts/endpoint.ts'
import { type CallInput, callApi } from './api.ts'
import { lazyResolver } from './lazy-resolver.ts'

/**
 * When a field is checked. The spec: on blur and on submit; a field is not checked while it is
 * typed into the first time, and once checked (left, or the form sent) it is checked as it
 * changes, so its message follows the text. `useApiForm` also skips the check of a field the
 * visitor leaves by pressing one of the form's buttons (see `pressesAButton`).
 */
export const FORM_VALIDATION = { mode: 'onTouched', reValidateMode: 'onChange' } as const

/** The contract's input schema as the form kit loads it. */
export type ContractSchema<E> = E extends EndpointContract<infer S> ? S : never

export interface ApiFormOptions<E extends EndpointContract, TValues extends FieldValues> {
  defaultValues: DefaultValues<TValues>
  /**
   * The form's own schema, made from the contract's (`.extend`, `.pick`, `.refine`) when its
   * fields are not the input's: a confirmation field, money typed as text. Without it the form
   * is checked by validating what it would send (`toInput` of its values) with the contract's.
   */
  schema?: (input: ContractSchema<E>) => z.ZodType
  /** What the form sends: its values by default. Also where an edited item's id goes in. */
  toInput?: (values: TValues) => CallInput<E>
  /** A 409's message belongs under this field (an e-mail or slug already taken)… */
  conflict?: {
    field: Path<TValues>
    /** …when it is this message (else every 409's). */ message?: string
  }
  /** The form's message when a call fails with no message of the server's. */
  fallbackMessage?: string
  /** Saves some other way than through the API (a preview page keeping it in memory). */
  send?: (input: CallInput<E>) => Promise<ResponseOf<E>>
  onSuccess?: (result: ResponseOf<E>, values: TValues) => unknown
  /** After the fields have their messages, e.g. for a toast. */
  onError?: (error: unknown) => void
  /**
   * 'onBlur' for a form with a list of items: in 'onTouched' mode react-hook-form checks the
   * whole list when an item is added, so a new, empty item shows its messages before it is typed
   * into (and the message vanishing as it is left moves the dialog's focus off the next field).
   */
  mode?: 'onBlur'
}

export interface ApiForm<TValues extends FieldValues> {
  form: UseFormReturn<TValues>
  /** For the `<form onSubmit>`: checks every field, then sends. */
  submit: (event?: React.BaseSyntheticEvent) => void
  /** While the call is under way. */
  busy: boolean
  /** What a failed call says that belongs to no field, or null. */
  formError: string | null
}

/** The kit's checking and error placing, loaded with zod on first use. */
const loadCheck = () => import('./form-check.ts')

/**
 * Leaving a field by pressing one of its form's buttons checks nothing: a message appearing there
 * would move the button from under the pointer before the click lands (Save sends and checks every
 * field anyway; Cancel closes). Some browsers do not focus a pressed button, so the last press is
 * remembered too.
 */
let lastPress: EventTarget | null = null
function trackPresses() {
  if (typeof document === 'undefined' || trackPresses.done) return
  trackPresses.done = true
  document.addEventListener('pointerdown', (e) => (lastPress = e.target), { capture: true })
  for (const end of ['pointerup', 'pointercancel'])
    document.addEventListener(end, () => setTimeout(() => (lastPress = null)), { capture: true })
}
trackPresses.done = false

function pressesAButton(event: { target: unknown; relatedTarget?: unknown }): boolean {
  const field = event.target as HTMLInputElement | null
  for (const next of [event.relatedTarget, lastPress]) {
    const button = next instanceof Element ? next.closest('button') : null
    if (button && field?.form && button.form === field.form) return true
  }
  return false
}

/**
 * A form that writes one endpoint: checked with the contract's schema and the API's own messages,
 * sent with `callApi`, the server's field messages shown under their fields.
 */
export function useApiForm<
  E extends EndpointContract,
  TValues extends FieldValues = InputOf<E> & FieldValues,
>(entry: E, options: ApiFormOptions<E, TValues>): ApiForm<TValues> {
  const { schema, toInput } = options
  const { resolver, preload } = useMemo(
    () =>
      lazyResolver(() =>
        Promise.all([entry.input(), loadCheck()]).then(([input, { schemaResolver }]) =>
          schemaResolver<TValues>(schema ? schema(input as ContractSchema<E>) : input, (values) =>
            schema || !toInput ? values : toInput(values),
          ),
        ),
      ),
    // The schema and the mapping are fixed for the life of a form; the entry chooses them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry],
  )
  useEffect(() => {
    trackPresses()
    preload()
  }, [preload])
  const form = useForm<TValues>({
    resolver,
    ...FORM_VALIDATION,
    ...(options.mode && { mode: options.mode }),
    defaultValues: options.defaultValues,
  })
  const [formError, setFormError] = useState<string | null>(null)

  // useForm's object is the same at every render, its formState renewed: this one reads through
  // to it, so it stays the same too (for the effects that use it) and never holds an old state.
  const kitForm = useMemo((): UseFormReturn<TValues> => {
    const register: typeof form.register = (name, registerOptions) => {
      const field = form.register(name, registerOptions)
      return { ...field, onBlur: (e) => (pressesAButton(e) ? Promise.resolve() : field.onBlur(e)) }
    }
    return Object.assign(Object.create(form) as UseFormReturn<TValues>, { register })
  }, [form])

  const handle = form.handleSubmit(async (values) => {
    setFormError(null)
    const input = toInput ? toInput(values) : (values as CallInput<E>)
    try {
      const result = await (options.send
        ? options.send(input)
        : callApi(entry, input, { fallbackMessage: options.fallbackMessage }))
      await options.onSuccess?.(result, values)
    } catch (error) {
      const { placeApiError } = await loadCheck()
      const placed = placeApiError(
        error,
        (name) => get(form.getValues(), name) !== undefined,
        options.conflict,
        options.fallbackMessage,
      )
      for (const [name, message] of Object.entries(placed.fields))
        form.setError(name as Path<TValues>, { type: 'server', message })
      setFormError(placed.form)
      options.onError?.(error)
      // Rethrown so that the form does not count as sent (react-hook-form's isSubmitSuccessful).
      throw error
    }
  })

  return {
    form: kitForm,
    submit: (event) => void handle(event).catch(() => {}),
    busy: form.formState.isSubmitting,
    formError,
  }
}
