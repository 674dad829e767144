import { Link, isAllowedUri } from '@tiptap/extension-link'
import type { MarkType } from '@tiptap/pm/model'
import { Plugin, PluginKey } from '@tiptap/pm/state'
import { combineTransactionSteps, findChildrenInRange, getChangedRanges } from '@tiptap/react'
import { tokenize } from 'linkifyjs'

/** A word that is an address followed by the punctuation that ends a sentence or a clause. */
const ADDRESS_THEN_PUNCTUATION = /(\S+?)[.,;:!?]+$/

/**
 * The editor's links. TipTap makes its link mark inclusive whenever autolink is on, so whatever
 * is typed at a link's end joins it: "example.com" then "." gave a link to "example.com.". Here
 * the mark ends where the link does. And where TipTap's autolink leaves a word like
 * "example.com." or "https://example.org," unlinked (it takes only a bare address), the address
 * is linked and the punctuation after it stays text.
 */
export const EditorLink = Link.extend({
  inclusive: () => false,

  addProseMirrorPlugins() {
    const { protocols, defaultProtocol } = this.options
    return [
      ...(this.parent?.() ?? []),
      linkBeforePunctuation(
        this.type,
        defaultProtocol,
        (link) =>
          this.options.shouldAutoLink(link.value) &&
          this.options.isAllowedUri(link.href, {
            defaultValidate: (url) => !!isAllowedUri(url, protocols),
            protocols,
            defaultProtocol,
          }),
      ),
    ]
  },
})

function linkBeforePunctuation(
  type: MarkType,
  defaultProtocol: string,
  allowed: (link: { value: string; href: string }) => boolean,
): Plugin {
  return new Plugin({
    key: new PluginKey('linkBeforePunctuation'),
    appendTransaction(transactions, oldState, newState) {
      if (!transactions.some((t) => t.docChanged) || oldState.doc.eq(newState.doc)) return null
      if (transactions.some((t) => t.getMeta('preventAutolink'))) return null
      const tr = newState.tr
      const changes = getChangedRanges(combineTransactionSteps(oldState.doc, [...transactions]))
      for (const { newRange } of changes) {
        const blocks = findChildrenInRange(newState.doc, newRange, (node) => node.isTextblock)
        const block = blocks[0]
        if (!block) continue
        const start = block.pos + 1
        // A word ends with a space typed after it, or with Enter (which leaves two blocks).
        let end = block.pos + block.node.nodeSize - 1
        if (blocks.length === 1) {
          if (!/\s$/.test(newState.doc.textBetween(newRange.from, newRange.to, ' ', ' '))) continue
          end = newRange.to
        }
        const text = newState.doc.textBetween(start, end, undefined, ' ').trimEnd()
        const word = ADDRESS_THEN_PUNCTUATION.exec(text.split(/\s/).pop() ?? '')
        if (!word) continue
        const tokens = tokenize(word[1]!)
        if (tokens.length !== 1 || !tokens[0]!.isLink) continue
        const link = tokens[0]!.toObject(defaultProtocol)
        const from = start + text.length - word[0].length
        const to = from + word[1]!.length
        const { code } = newState.schema.marks
        if (!allowed(link) || newState.doc.rangeHasMark(from, to, type)) continue
        if (code && newState.doc.rangeHasMark(from, to, code)) continue
        tr.addMark(from, to, type.create({ href: link.href }))
      }
      return tr.steps.length ? tr : null
    },
  })
}
