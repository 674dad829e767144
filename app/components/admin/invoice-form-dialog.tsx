import { useEffect, useId } from 'react'
import { type FieldErrors, useFieldArray, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import {
  type Invoice,
  INVOICE_DEFAULT_CURRENCY,
  INVOICE_DEFAULT_DUE_DAYS,
  INVOICE_DEFAULT_TERMS,
  INVOICE_MESSAGES as M,
  INVOICE_STATUSES,
  type InvoiceStatus,
} from '../../../contracts/invoice-constants.ts'
import { computeTotals, formatMoney } from '../../../contracts/invoice-money.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import type { CallInput } from '../../lib/api.ts'
import { useApiForm } from '../../lib/form.ts'
import { cn } from '../../lib/cn.ts'
import { Button } from '../ui/button.tsx'
import { Dialog, FormActions } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { FieldError, Input, Textarea } from '../ui/input.tsx'
import { messageOf } from './admin-api.ts'
import { capitalise } from './invoice-document.tsx'

/** What the inputs hold: text, exactly as typed (the server turns it into exact decimals). */
export interface InvoiceFormValues {
  clientName: string
  clientEmail: string
  clientAddress: string
  invoiceDate: string
  dueDate: string
  paymentTerms: string
  notes: string
  taxRate: string
  currency: string
  status: InvoiceStatus
  items: Array<{ description: string; quantity: string; rate: string }>
}

/** Today in the admin's own calendar, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The spec's defaults: today, due 30 days later, 'Net 30', USD, one item of quantity 1 rate 0. */
export function newInvoiceValues(today = localToday()): InvoiceFormValues {
  return {
    clientName: '',
    clientEmail: '',
    clientAddress: '',
    invoiceDate: today,
    dueDate: addDays(today, INVOICE_DEFAULT_DUE_DAYS),
    paymentTerms: INVOICE_DEFAULT_TERMS,
    notes: '',
    taxRate: '0',
    currency: INVOICE_DEFAULT_CURRENCY,
    status: 'draft',
    items: [{ description: '', quantity: '1', rate: '0' }],
  }
}

export function invoiceToValues(invoice: Invoice): InvoiceFormValues {
  return {
    clientName: invoice.clientName,
    clientEmail: invoice.clientEmail,
    clientAddress: invoice.clientAddress ?? '',
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    paymentTerms: invoice.paymentTerms ?? '',
    notes: invoice.notes ?? '',
    taxRate: String(invoice.taxRate),
    currency: invoice.currency,
    status: invoice.status,
    items: invoice.items.map((i) => ({
      description: i.description,
      quantity: String(i.quantity),
      rate: String(i.rate),
    })),
  }
}

const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'CHF', 'NZD', 'SEK', 'KWD']

/** The first message of a field anywhere in the form's errors, by its dotted path. */
function errorAt(errors: FieldErrors<InvoiceFormValues>, path: string): string | undefined {
  let node: unknown = errors
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key]
  return (node as { message?: string } | undefined)?.message
}

/**
 * Create or edit an invoice. The figures below the items are computed while typing with the
 * same function the server uses (contracts/invoice-money.ts); the server's are the ones saved.
 */
export function InvoiceFormDialog({
  invoice,
  onClose,
  onSaved,
  submit,
}: {
  /** null creates a new invoice. */
  invoice: Invoice | null
  onClose: () => void
  onSaved: (saved: Invoice) => Promise<unknown> | void
  /** How the form is saved; the real API by default (/invoice-test saves to memory). */
  submit?: (body: CallInput<typeof API_PATHS.createInvoice>, creating: boolean) => Promise<Invoice>
}) {
  const creating = invoice === null
  const id = useId()
  const {
    form,
    submit: save,
    busy,
  } = useApiForm(creating ? API_PATHS.createInvoice : API_PATHS.updateInvoice, {
    defaultValues: invoice ? invoiceToValues(invoice) : newInvoiceValues(),
    // A new invoice is a draft; the contract's schema checks the money typed as text.
    toInput: (values: InvoiceFormValues) =>
      creating ? { ...values, status: undefined } : { ...values, invoiceId: invoice.id },
    fallbackMessage: creating ? M.createFailed : M.updateFailed,
    mode: 'onBlur',
    send: submit && ((input: CallInput<typeof API_PATHS.createInvoice>) => submit(input, creating)),
    onSuccess: async (saved) => {
      await onSaved(saved)
      toast.success(creating ? M.created : M.updated)
      onClose()
    },
    onError: (error) =>
      toast.error(
        `Failed to ${creating ? 'create' : 'update'} invoice: ${messageOf(error, 'Unknown error')}`,
      ),
  })
  const { errors } = form.formState
  const items = useFieldArray({ control: form.control, name: 'items' })
  const watched = useWatch({ control: form.control, name: ['items', 'taxRate', 'currency'] })
  const [watchedItems, watchedTax, watchedCurrency] = watched
  const currency = (watchedCurrency || INVOICE_DEFAULT_CURRENCY).toUpperCase()
  const totals = computeTotals(watchedItems ?? [], watchedTax, currency)
  const money = (minor: bigint) => formatMoney(minor, currency, totals.digits)

  // A new invoice date moves a due date that still follows the 30-day default along with it.
  const invoiceDate = useWatch({ control: form.control, name: 'invoiceDate' })
  useEffect(() => {
    if (!creating || !invoiceDate || form.getFieldState('dueDate').isDirty) return
    form.setValue('dueDate', addDays(invoiceDate, INVOICE_DEFAULT_DUE_DAYS))
  }, [creating, invoiceDate, form])

  const field = (name: keyof InvoiceFormValues) => ({
    ...fieldProps(`${id}-${name}`, errorAt(errors, name)),
    ...form.register(name),
  })

  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && !busy && onClose()}
      title={creating ? 'Create Invoice' : `Edit Invoice ${invoice.invoiceNumber}`}
      description={
        creating
          ? 'The invoice number is given when it is saved.'
          : 'Totals are recalculated from the items when you save.'
      }
    >
      <form onSubmit={save} noValidate className="space-y-6">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id={`${id}-clientName`} label="Client name" error={errors.clientName?.message}>
            <Input autoComplete="off" {...field('clientName')} />
          </FormField>
          <FormField
            id={`${id}-clientEmail`}
            label="Client email"
            error={errors.clientEmail?.message}
          >
            <Input type="email" autoComplete="off" {...field('clientEmail')} />
          </FormField>
          <div className="md:col-span-2">
            <FormField
              id={`${id}-clientAddress`}
              label="Client address"
              error={errors.clientAddress?.message}
            >
              <Textarea rows={2} {...field('clientAddress')} />
            </FormField>
          </div>
          <FormField
            id={`${id}-invoiceDate`}
            label="Invoice date"
            error={errors.invoiceDate?.message}
          >
            <Input type="date" {...field('invoiceDate')} />
          </FormField>
          <FormField id={`${id}-dueDate`} label="Due date" error={errors.dueDate?.message}>
            <Input type="date" {...field('dueDate')} />
          </FormField>
          <FormField
            id={`${id}-paymentTerms`}
            label="Payment terms"
            error={errors.paymentTerms?.message}
          >
            <Input autoComplete="off" {...field('paymentTerms')} />
          </FormField>
          <FormField
            id={`${id}-currency`}
            label="Currency"
            error={errors.currency?.message}
            hint="Three letters, e.g. USD, EUR, JPY"
          >
            <Input
              maxLength={3}
              list={`${id}-currencies`}
              autoComplete="off"
              className="uppercase"
              {...fieldProps(`${id}-currency`, errors.currency?.message, `${id}-currency-hint`)}
              {...form.register('currency')}
            />
          </FormField>
          <datalist id={`${id}-currencies`}>
            {COMMON_CURRENCIES.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          {!creating && (
            <FormField id={`${id}-status`} label="Status" error={errors.status?.message}>
              <select
                className="h-10 w-full rounded-lg border border-border bg-background px-3 text-sm focus:border-ring focus:outline-none"
                {...field('status')}
              >
                {INVOICE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalise(s)}
                  </option>
                ))}
              </select>
            </FormField>
          )}
        </div>

        <fieldset className="space-y-3">
          <legend className="font-display text-base font-semibold">Items</legend>
          {typeof errors.items?.message === 'string' && (
            <p role="alert" className="text-sm text-error">
              {errors.items.message}
            </p>
          )}
          <ol className="space-y-3">
            {items.fields.map((item, index) => {
              const path = `items.${index}` as const
              const err = (name: string) => errorAt(errors, `${path}.${name}`)
              return (
                <li
                  key={item.id}
                  className="grid grid-cols-2 gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1fr)_6rem_8rem_8rem_auto] sm:items-start sm:border-0 sm:p-0"
                >
                  <div className="col-span-2 space-y-1 sm:col-span-1">
                    <label
                      htmlFor={`${id}-${path}-description`}
                      className="block text-xs font-medium"
                    >
                      Description <span className="sr-only">of item {index + 1}</span>
                    </label>
                    <Input
                      {...fieldProps(`${id}-${path}-description`, err('description'))}
                      {...form.register(`${path}.description`)}
                    />
                    <FieldError
                      id={`${id}-${path}-description-error`}
                      message={err('description')}
                    />
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`${id}-${path}-quantity`} className="block text-xs font-medium">
                      Qty <span className="sr-only">of item {index + 1}</span>
                    </label>
                    <Input
                      inputMode="decimal"
                      className="text-right"
                      {...fieldProps(`${id}-${path}-quantity`, err('quantity'))}
                      {...form.register(`${path}.quantity`)}
                    />
                    <FieldError id={`${id}-${path}-quantity-error`} message={err('quantity')} />
                  </div>
                  <div className="space-y-1">
                    <label htmlFor={`${id}-${path}-rate`} className="block text-xs font-medium">
                      Rate <span className="sr-only">of item {index + 1}</span>
                    </label>
                    <Input
                      inputMode="decimal"
                      className="text-right"
                      {...fieldProps(`${id}-${path}-rate`, err('rate'))}
                      {...form.register(`${path}.rate`)}
                    />
                    <FieldError id={`${id}-${path}-rate-error`} message={err('rate')} />
                  </div>
                  <div className="space-y-1">
                    <span className="block text-right text-xs font-medium" aria-hidden="true">
                      Amount
                    </span>
                    <output
                      className="flex h-10 items-center justify-end text-sm font-medium tabular-nums"
                      aria-label={`Amount of item ${index + 1}`}
                      data-testid={`line-total-${index}`}
                    >
                      {money(totals.lines[index] ?? 0n)}
                    </output>
                  </div>
                  <div className="col-span-2 flex justify-end sm:col-span-1 sm:pt-5">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={items.fields.length <= 1}
                      // Pressing keeps the focus in the field: leaving a new, empty item would
                      // show its error line and, on a phone, move this button from under the
                      // pointer before the click.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => items.remove(index)}
                      aria-label={`Remove item ${index + 1}`}
                      className="text-error disabled:text-muted-foreground"
                    >
                      Remove
                    </Button>
                  </div>
                </li>
              )
            })}
          </ol>
          <Button
            variant="outline"
            size="sm"
            onClick={() => items.append({ description: '', quantity: '1', rate: '0' })}
          >
            Add Item
          </Button>
        </fieldset>

        <div className="grid gap-6 md:grid-cols-2">
          <div className="space-y-4">
            <FormField id={`${id}-taxRate`} label="Tax rate %" error={errors.taxRate?.message}>
              <Input inputMode="decimal" className="max-w-32 text-right" {...field('taxRate')} />
            </FormField>
            <FormField id={`${id}-notes`} label="Notes" error={errors.notes?.message}>
              <Textarea rows={3} {...field('notes')} />
            </FormField>
          </div>
          <dl
            className="h-fit space-y-2 rounded-lg bg-muted/60 p-4 text-sm"
            aria-label="Invoice totals"
          >
            <div className="flex justify-between">
              <dt>Subtotal</dt>
              <dd className="tabular-nums" data-testid="form-subtotal">
                {money(totals.subtotal)}
              </dd>
            </div>
            <div className="flex justify-between">
              <dt>Tax</dt>
              <dd className="tabular-nums" data-testid="form-tax">
                {money(totals.tax)}
              </dd>
            </div>
            <div
              className={cn('flex justify-between border-t border-border pt-2 text-base font-bold')}
            >
              <dt>Total</dt>
              <dd className="tabular-nums" data-testid="form-total">
                {money(totals.total)}
              </dd>
            </div>
          </dl>
        </div>

        <FormActions onCancel={onClose} busy={busy} submitLabel="Save Invoice" />
      </form>
    </Dialog>
  )
}
