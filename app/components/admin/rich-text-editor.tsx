import Image from '@tiptap/extension-image'
import Youtube from '@tiptap/extension-youtube'
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type FormEvent, type ReactNode, useId, useState } from 'react'
import { cn } from '../../lib/cn.ts'
import { EditorLink } from './editor-link.ts'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'

type UrlKind = 'link' | 'image' | 'youtube'

const URL_PROMPTS: Record<UrlKind, { label: string; placeholder: string }> = {
  link: { label: 'Link address', placeholder: 'https://…' },
  image: { label: 'Image address', placeholder: 'https://…/photo.jpg' },
  youtube: { label: 'YouTube video address', placeholder: 'https://www.youtube.com/watch?v=…' },
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/**
 * The HTML to store. TipTap keeps an empty paragraph after a last block that is not one (its
 * trailing node), so that there is always somewhere to type below a heading or a list; it is the
 * editor's, not the author's, and every saved post ended with `<p></p>`.
 */
function storedHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '')
}

/**
 * The post and page editor (TipTap): headings, bold, italic, links, lists, quotes, code, images by
 * address with their alt text, and YouTube embeds. It reports HTML; the server sanitises whatever arrives.
 *
 * It starts from `initialValue` and owns its text from then on. A caller that replaces the text
 * (a restored draft, a discarded one) mounts a new editor with a new `key`. Writing each value
 * that comes back through the form into the editor raced with typing: a render's effect could
 * carry a value a keystroke older than the text and put it back.
 */
export function RichTextEditor({
  id,
  initialValue,
  onChange,
  onBlur,
  invalid,
  describedBy,
  label,
}: {
  id: string
  initialValue: string
  onChange: (html: string) => void
  onBlur?: () => void
  invalid?: boolean
  describedBy?: string
  label: string
}) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: false,
      }),
      EditorLink.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      Image,
      Youtube.configure({ nocookie: true, controls: true, width: 640, height: 360 }),
    ],
    content: initialValue,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        class:
          'prose-content min-h-64 max-w-none px-4 py-3 focus:outline-none [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-3 [&_a]:text-accent [&_a]:underline [&_img]:max-w-full [&_p]:my-2',
      },
    },
    onUpdate: ({ editor }) => onChange(storedHtml(editor)),
    // Checked once the focus has landed where it was going: checked during the blur, a message
    // under the text that went away then left nothing focused, and the dialog took the focus.
    onBlur: () => setTimeout(() => onBlur?.(), 0),
  })

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            link: e.isActive('link'),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            code: e.isActive('codeBlock'),
          }
        : null,
  })

  const [prompt, setPrompt] = useState<UrlKind | null>(null)
  const [url, setUrl] = useState('')
  const [urlError, setUrlError] = useState<string | null>(null)
  const [alt, setAlt] = useState('')
  const [decorative, setDecorative] = useState(false)
  const [altError, setAltError] = useState<string | null>(null)
  // An image selected in the text is edited in place (its address and alt text), not duplicated.
  const [editingImage, setEditingImage] = useState(false)
  const urlId = useId()

  function openPrompt(kind: UrlKind) {
    const image = kind === 'image' && !!editor?.isActive('image')
    const attrs = image ? editor!.getAttributes('image') : {}
    setPrompt(kind)
    setEditingImage(image)
    setUrlError(null)
    setAltError(null)
    setAlt(typeof attrs.alt === 'string' ? attrs.alt : '')
    setDecorative(image && attrs.alt === '')
    setUrl(
      kind === 'link' ? String(editor?.getAttributes('link').href ?? '') : String(attrs.src ?? ''),
    )
  }

  /** Without a change: the box goes, and the caret goes back where it was in the text. */
  function closePrompt() {
    setPrompt(null)
    editor?.commands.focus()
  }

  function applyUrl(event: FormEvent) {
    event.preventDefault()
    event.stopPropagation()
    if (!editor || !prompt) return
    const value = url.trim()
    if (prompt === 'link' && value === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run()
      setPrompt(null)
      return
    }
    const badUrl = isHttpUrl(value) ? null : 'Enter a full address starting with https://'
    const text = alt.trim()
    const badAlt = prompt === 'image' && !decorative && text === '' ? MISSING_ALT : null
    setUrlError(badUrl)
    setAltError(badAlt)
    if (badUrl || badAlt) return
    if (prompt === 'link')
      editor.chain().focus().extendMarkRange('link').setLink({ href: value }).run()
    if (prompt === 'image') {
      const image = { src: value, alt: decorative ? '' : text }
      if (editingImage) editor.chain().focus().updateAttributes('image', image).run()
      else editor.chain().focus().setImage(image).run()
    }
    if (prompt === 'youtube') {
      if (!editor.chain().focus().setYoutubeVideo({ src: value }).run()) {
        setUrlError('That is not a YouTube video address.')
        return
      }
    }
    setPrompt(null)
  }

  const chain = () => editor!.chain().focus()
  const tools: Tool[] = [
    ['Heading H2', state?.h2, () => chain().toggleHeading({ level: 2 }).run(), 'H2'],
    ['Heading H3', state?.h3, () => chain().toggleHeading({ level: 3 }).run(), 'H3'],
    ['Bold', state?.bold, () => chain().toggleBold().run(), 'B'],
    ['Italic', state?.italic, () => chain().toggleItalic().run(), 'I'],
    ['Link', state?.link, () => openPrompt('link'), 'Link'],
    ['Bulleted list', state?.bullet, () => chain().toggleBulletList().run(), <ListIcon />],
    [
      'Numbered list',
      state?.ordered,
      () => chain().toggleOrderedList().run(),
      <ListIcon numbered />,
    ],
    ['Quote', state?.quote, () => chain().toggleBlockquote().run(), '“ ”'],
    ['Code block', state?.code, () => chain().toggleCodeBlock().run(), '</>'],
    ['Image', undefined, () => openPrompt('image'), 'Image'],
    ['YouTube video', undefined, () => openPrompt('youtube'), 'YouTube'],
    ['Undo', undefined, () => chain().undo().run(), '↶'],
    ['Redo', undefined, () => chain().redo().run(), '↷'],
  ]

  return (
    <div
      className={cn(
        'rounded-lg border border-border bg-background focus-within:border-ring',
        invalid && 'border-error',
      )}
    >
      {/* It names the text box once there is one: until the editor is made, the id is nowhere. */}
      <Toolbar tools={tools} disabled={!editor} controls={editor ? id : undefined} />
      {prompt && (
        <div
          className="flex flex-wrap items-start gap-2 border-b border-border bg-muted/40 p-2"
          // Escape here closes this box only; the dialog around it leaves that Escape alone.
          data-own-escape=""
          onKeyDown={(e) => {
            if (e.key === 'Enter') applyUrl(e)
            if (e.key === 'Escape') {
              e.stopPropagation()
              closePrompt()
            }
          }}
        >
          <div className="min-w-0 flex-1 basis-60 space-y-1">
            <label htmlFor={urlId} className="text-xs font-medium">
              {URL_PROMPTS[prompt].label}
            </label>
            <Input
              id={urlId}
              autoFocus={!editingImage}
              type="url"
              value={url}
              placeholder={URL_PROMPTS[prompt].placeholder}
              onChange={(e) => setUrl(e.target.value)}
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? `${urlId}-error` : undefined}
            />
            {urlError && (
              <p id={`${urlId}-error`} role="alert" className="text-xs text-error">
                {urlError}
              </p>
            )}
          </div>
          {prompt === 'image' && (
            <div className="min-w-0 flex-1 basis-60 space-y-1">
              <label htmlFor={`${urlId}-alt`} className="text-xs font-medium">
                Alt text
              </label>
              <Input
                id={`${urlId}-alt`}
                autoFocus={editingImage}
                value={decorative ? '' : alt}
                disabled={decorative}
                placeholder={decorative ? 'None: the image is decorative' : 'What the image shows'}
                onChange={(e) => setAlt(e.target.value)}
                aria-invalid={altError ? true : undefined}
                aria-describedby={altError ? `${urlId}-alt-error` : undefined}
              />
              {altError && (
                <p id={`${urlId}-alt-error`} role="alert" className="text-xs text-error">
                  {altError}
                </p>
              )}
              <label className="flex items-center gap-2 text-xs">
                <input
                  type="checkbox"
                  checked={decorative}
                  onChange={(e) => {
                    setDecorative(e.target.checked)
                    setAltError(null)
                  }}
                  className="h-4 w-4 accent-accent"
                />
                Decorative image (no alt text)
              </label>
            </div>
          )}
          {/* Level with the fields beside them; on a phone, a row of their own below. */}
          <div className="flex items-center gap-2 sm:mt-5 sm:h-10">
            <Button size="sm" onClick={applyUrl}>
              {prompt === 'link' ? 'Apply link' : editingImage ? 'Update image' : 'Insert'}
            </Button>
            <Button size="sm" variant="ghost" onClick={closePrompt}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  )
}

const MISSING_ALT = 'Describe the image, or mark it as decorative.'

/** A toolbar button: its name, whether it is on (a toggle) or a plain action, what it does. */
type Tool = [name: string, active: boolean | undefined, run: () => void, text: ReactNode]

/**
 * One stop in the tab order (the WAI-ARIA toolbar pattern): Tab enters on the button last
 * focused, Left and Right move between buttons (wrapping), Home and End go to the first and last.
 */
function Toolbar({
  tools,
  disabled,
  controls,
}: {
  tools: Tool[]
  disabled: boolean
  controls: string | undefined
}) {
  const [current, setCurrent] = useState(0)
  const moves: Record<string, (i: number) => number> = {
    ArrowRight: (i) => (i + 1) % tools.length,
    ArrowLeft: (i) => (i - 1 + tools.length) % tools.length,
    Home: () => 0,
    End: () => tools.length - 1,
  }
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap gap-1 border-b border-border p-1.5"
      onKeyDown={(e) => {
        const move = moves[e.key]
        const buttons = [...e.currentTarget.querySelectorAll('button')]
        const at = buttons.indexOf(e.target as HTMLButtonElement)
        if (!move || at < 0) return
        e.preventDefault()
        buttons[move(at)]?.focus()
      }}
    >
      {tools.map(([name, active, run, text], i) => (
        <button
          type="button"
          key={name}
          aria-label={name}
          aria-pressed={active === undefined ? undefined : active}
          title={name}
          disabled={disabled}
          tabIndex={i === current ? 0 : -1}
          onFocus={() => setCurrent(i)}
          // A pointer press keeps the focus (and the selection) in the text, so what is typed
          // next lands there at once. Without this the button takes the focus, TipTap hands it
          // back only at the next animation frame, and keys pressed before that frame were lost.
          onMouseDown={(e) => e.preventDefault()}
          onClick={run}
          className={cn(
            'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center rounded-md px-2 text-sm hover:bg-muted disabled:opacity-50',
            active && 'bg-muted font-semibold text-foreground',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  )
}

/** A list glyph: three lines with dots, or with the numerals 1 2 3 drawn as strokes. */
const NUMERALS = ['M2.5 3.2 3.6 2.5v5', 'M1.8 8.6h3l-3 4.4h3', 'M1.8 13.5h3l-1.6 2 1.6 2.3h-3']
function ListIcon({ numbered = false }: { numbered?: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      {numbered ? (
        <path
          d={NUMERALS.join(' ')}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.1"
          strokeLinejoin="round"
        />
      ) : (
        [5, 10, 15].map((y) => <circle key={y} cx="3" cy={y} r="1.6" fill="currentColor" />)
      )}
      {[5, 10, 15].map((y) => (
        <line key={y} x1="7.5" x2="19" y1={y} y2={y} stroke="currentColor" strokeWidth="1.8" />
      ))}
    </svg>
  )
}
