import { type CSSProperties, createElement as h, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/**
 * The newsletter's building blocks: React components rendered to static markup on the server
 * (ADR 021). Written with createElement, since the server's TypeScript is only stripped of its
 * types. Mail clients honour little CSS: the layout is tables with inline styles and the width
 * attributes Outlook reads; the one <style> only adds dark colours and phone spacing.
 */

export const FONT =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/** Colours that read on white and, where a client darkens the mail itself, on dark. */
export const COLORS = {
  page: '#eef1f6',
  card: '#ffffff',
  text: '#1b2233',
  muted: '#5a6478',
  band: '#0f1a3a',
  bandText: '#ffffff',
  link: '#2546c9',
  button: '#2546c9',
  buttonText: '#ffffff',
  rule: '#d8dde8',
  note: '#f3f5fb',
} as const

export const COLUMN_WIDTH = 600
const GUTTER = 32

/** The dark palette, for the clients that honour prefers-color-scheme (Apple Mail, Outlook.com…). */
const DARK_AND_PHONE_STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-page { background-color: #0b1020 !important; }
  .mail-card, .mail-card td.mail-body { background-color: #161d2f !important; }
  .mail-text { color: #e6e9f2 !important; }
  .mail-muted { color: #a9b1c4 !important; }
  .mail-link { color: #9db4ff !important; }
  .mail-note { background-color: #1f2840 !important; border-color: #33405f !important; }
  .mail-rule { border-color: #33405f !important; }
}
@media only screen and (max-width: 620px) {
  .mail-outer { padding: 0 !important; }
  .mail-pad { padding-left: 20px !important; padding-right: 20px !important; }
}
`

const text = (size: number, extra: CSSProperties = {}): CSSProperties => ({
  margin: 0,
  fontFamily: FONT,
  fontSize: `${size}px`,
  lineHeight: 1.55,
  color: COLORS.text,
  ...extra,
})

// Lets a long word (a URL in a title) wrap instead of widening the column on a phone.
const WRAP: CSSProperties = { overflowWrap: 'anywhere', wordBreak: 'break-word' }

/** A layout table as every mail client lays it out: no spacing, no border, not read out as a table. */
export function LayoutTable(props: {
  children?: ReactNode
  /** As wide as its content (a button), not the width of its box. */
  fit?: boolean
  align?: 'center' | 'left'
  style?: CSSProperties
  className?: string
  bgcolor?: string
}): ReactNode {
  return h(
    'table',
    {
      role: 'presentation',
      cellPadding: 0,
      cellSpacing: 0,
      border: 0,
      width: props.fit ? undefined : '100%',
      align: props.align,
      bgcolor: props.bgcolor,
      className: props.className,
      style: { borderCollapse: 'collapse', ...props.style },
    },
    h('tbody', null, props.children),
  )
}

/** One row of one cell, the unit every part of a mail is stacked from. */
export function Row(props: {
  children?: ReactNode
  style?: CSSProperties
  className?: string
  bgcolor?: string
  align?: 'center' | 'left'
}): ReactNode {
  return h(
    'tr',
    null,
    h(
      'td',
      {
        className: props.className,
        bgcolor: props.bgcolor,
        align: props.align,
        valign: 'top',
        style: props.style,
      },
      props.children,
    ),
  )
}

/** The mail's text in the inbox list, hidden in the mail itself. */
function Preheader({ text: preview }: { text: string }): ReactNode {
  return h(
    'div',
    {
      style: {
        display: 'none',
        maxHeight: 0,
        maxWidth: 0,
        overflow: 'hidden',
        opacity: 0,
        fontSize: '1px',
        lineHeight: '1px',
        color: 'transparent',
        msoHide: 'all',
      },
    },
    // Keeps the inbox preview from running on into the mail's first words.
    preview + ' \u200C\u00A0'.repeat(40),
  )
}

// Outlook for Windows ignores max-width: a fixed 600 px table around the column, in comments only
// it reads. React cannot write comments, so two empty elements mark where they go.
const MSO_OPEN = 'x-mso-column-open'
const MSO_CLOSE = 'x-mso-column-close'
const MSO_MARKUP: Record<string, string> = {
  [`<${MSO_OPEN}></${MSO_OPEN}>`]: `<!--[if mso]><table role="presentation" width="${COLUMN_WIDTH}" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->`,
  [`<${MSO_CLOSE}></${MSO_CLOSE}>`]: '<!--[if mso]></td></tr></table><![endif]-->',
}

export interface DocumentProps {
  lang?: string
  title: string
  preheader: string
  site: { name: string; url: string }
  children?: ReactNode
  footer: ReactNode
}

/** The whole mail: head, the preheader, the site's band, a 600 px column that shrinks on phones. */
export function EmailDocument(props: DocumentProps): ReactNode {
  return h(
    'html',
    { lang: props.lang ?? 'en', dir: 'ltr', xmlns: 'http://www.w3.org/1999/xhtml' },
    h(
      'head',
      null,
      h('meta', { httpEquiv: 'Content-Type', content: 'text/html; charset=UTF-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { httpEquiv: 'X-UA-Compatible', content: 'IE=edge' }),
      h('meta', { name: 'x-apple-disable-message-reformatting' }),
      h('meta', { name: 'color-scheme', content: 'light dark' }),
      h('meta', { name: 'supported-color-schemes', content: 'light dark' }),
      h('title', null, props.title),
      h('style', null, DARK_AND_PHONE_STYLE),
    ),
    h(
      'body',
      {
        className: 'mail-page',
        style: {
          margin: 0,
          padding: 0,
          width: '100%',
          backgroundColor: COLORS.page,
          WebkitTextSizeAdjust: '100%',
          msTextSizeAdjust: '100%',
        },
      },
      h(Preheader, { text: props.preheader }),
      h(
        LayoutTable,
        { className: 'mail-page', bgcolor: COLORS.page, style: { backgroundColor: COLORS.page } },
        h(
          Row,
          { className: 'mail-outer', align: 'center', style: { padding: '24px 12px' } },
          h(MSO_OPEN),
          h(
            LayoutTable,
            {
              className: 'mail-card',
              align: 'center',
              bgcolor: COLORS.card,
              style: {
                width: '100%',
                maxWidth: `${COLUMN_WIDTH}px`,
                margin: '0 auto',
                backgroundColor: COLORS.card,
              },
            },
            h(SiteBand, { site: props.site }),
            props.children,
            h(Footer, null, props.footer),
          ),
          h(MSO_CLOSE),
        ),
      ),
    ),
  )
}

function SiteBand({ site }: { site: { name: string; url: string } }): ReactNode {
  return h(
    Row,
    {
      className: 'mail-pad',
      bgcolor: COLORS.band,
      style: { backgroundColor: COLORS.band, padding: `18px ${GUTTER}px` },
    },
    h(
      'a',
      {
        href: site.url,
        style: text(18, {
          color: COLORS.bandText,
          fontWeight: 700,
          letterSpacing: '0.02em',
          textDecoration: 'none',
        }),
      },
      site.name,
    ),
  )
}

/** A stretch of the column with the mail's side margins. */
export function Section(props: { children?: ReactNode; top?: number; bottom?: number }): ReactNode {
  return h(
    Row,
    {
      className: 'mail-pad mail-body',
      bgcolor: COLORS.card,
      style: {
        backgroundColor: COLORS.card,
        padding: `${props.top ?? 0}px ${GUTTER}px ${props.bottom ?? 0}px`,
        ...WRAP,
      },
    },
    props.children,
  )
}

export function Heading(props: { children?: ReactNode; size?: number }): ReactNode {
  const size = props.size ?? 26
  return h(
    'h1',
    {
      className: 'mail-text',
      style: text(size, { lineHeight: 1.25, fontWeight: 700, margin: '0 0 12px', ...WRAP }),
    },
    props.children,
  )
}

export function Paragraph(props: {
  children?: ReactNode
  muted?: boolean
  size?: number
  bottom?: number
}): ReactNode {
  return h(
    'p',
    {
      className: props.muted ? 'mail-muted' : 'mail-text',
      style: text(props.size ?? 16, {
        color: props.muted ? COLORS.muted : COLORS.text,
        margin: `0 0 ${props.bottom ?? 16}px`,
        ...WRAP,
      }),
    },
    props.children,
  )
}

export function TextLink(props: {
  href: string
  children?: ReactNode
  plain?: boolean
}): ReactNode {
  return h(
    'a',
    {
      href: props.href,
      className: props.plain ? undefined : 'mail-link',
      style: props.plain
        ? { color: 'inherit', textDecoration: 'none' }
        : { color: COLORS.link, textDecoration: 'underline' },
    },
    props.children,
  )
}

/** A picture as wide as its box at most, its height following (no box is stretched). */
export function Image(props: { src: string; alt: string; width: number }): ReactNode {
  return h('img', {
    src: props.src,
    alt: props.alt,
    width: props.width,
    border: 0,
    // Without it React adds a preload <link> for the image to the mail's head.
    fetchPriority: 'low',
    style: {
      display: 'block',
      width: '100%',
      maxWidth: `${props.width}px`,
      height: 'auto',
      border: 0,
      outline: 'none',
      textDecoration: 'none',
    },
  })
}

/**
 * The call to action as a coloured table cell holding the link: it keeps its colour and size in
 * Outlook, which draws neither a link's padding nor its background.
 */
export function Button(props: { href: string; children?: string }): ReactNode {
  return h(
    LayoutTable,
    { fit: true, style: { margin: '8px 0 24px' } },
    h(
      Row,
      {
        bgcolor: COLORS.button,
        align: 'center',
        style: { backgroundColor: COLORS.button, borderRadius: '6px' },
      },
      h(
        'a',
        {
          href: props.href,
          target: '_blank',
          style: text(16, {
            display: 'inline-block',
            padding: '13px 26px',
            color: COLORS.buttonText,
            backgroundColor: COLORS.button,
            border: `1px solid ${COLORS.button}`,
            borderRadius: '6px',
            fontWeight: 700,
            lineHeight: 1.2,
            textDecoration: 'none',
          }),
        },
        props.children,
      ),
    ),
  )
}

/** A framed line that must not be missed (sign in to read). */
export function Note({ children }: { children?: ReactNode }): ReactNode {
  return h(
    LayoutTable,
    { style: { margin: '0 0 16px' } },
    h(
      Row,
      {
        className: 'mail-note',
        bgcolor: COLORS.note,
        style: {
          backgroundColor: COLORS.note,
          border: `1px solid ${COLORS.rule}`,
          borderRadius: '6px',
          padding: '12px 16px',
        },
      },
      h(Paragraph, { bottom: 0, size: 15 }, children),
    ),
  )
}

function Footer({ children }: { children?: ReactNode }): ReactNode {
  return h(
    Row,
    {
      className: 'mail-pad mail-body',
      bgcolor: COLORS.card,
      style: { backgroundColor: COLORS.card, padding: `0 ${GUTTER}px 28px` },
    },
    h(
      'div',
      {
        className: 'mail-rule',
        style: { borderTop: `1px solid ${COLORS.rule}`, paddingTop: '18px', ...WRAP },
      },
      children,
    ),
  )
}

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/** A mail's HTML: React escapes every text and attribute from the input. */
export function renderEmail(element: ReactNode): string {
  const markup = renderToStaticMarkup(element).replace(
    new RegExp(`<(${MSO_OPEN}|${MSO_CLOSE})></\\1>`, 'g'),
    (marker) => MSO_MARKUP[marker]!,
  )
  return `${DOCTYPE}\n${markup}`
}
