import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion.tsx'

function render(level?: 2 | 3 | 4 | 5 | 6) {
  return renderToStaticMarkup(
    <Accordion type="multiple" defaultValue={['pros', 'cons']}>
      <AccordionItem value="pros">
        <AccordionTrigger level={level}>Pros</AccordionTrigger>
        <AccordionContent>Most aperture for the money.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="cons">
        <AccordionTrigger level={level}>Cons</AccordionTrigger>
        <AccordionContent>Needs collimation.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="recommended">
        <AccordionTrigger level={level}>Recommended</AccordionTrigger>
        <AccordionContent>A 200 mm Dobsonian.</AccordionContent>
      </AccordionItem>
    </Accordion>,
  )
}

describe('Accordion', () => {
  it('wraps each trigger in an h3 by default, or in the heading level asked for', () => {
    expect(render().match(/<h3\b/g)).toHaveLength(3)
    const h5 = render(5)
    expect(h5.match(/<h5\b/g)).toHaveLength(3)
    expect(h5).not.toContain('<h3')
  })

  it('renders several default items open on the server, and the others closed', () => {
    const html = render()
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(2)
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(1)
    expect(html).toContain('Most aperture for the money.')
    expect(html).toContain('Needs collimation.')
    expect(html).not.toContain('A 200 mm Dobsonian.')
  })

  it('makes each open trigger a button controlling a region labelled by it', () => {
    const html = render()
    const buttons = tagsIn(html, 'button')
    expect(buttons).toHaveLength(3)
    const open = buttons.filter((b) => b['aria-expanded'] === 'true')
    expect(open).toHaveLength(2)
    for (const button of open) {
      const region = tagsIn(html, 'div').find((d) => d.id === button['aria-controls'])
      expect(region?.role).toBe('region')
      expect(region?.['aria-labelledby']).toBe(button.id)
    }
  })
})

/** Just enough of an HTML reader for server markup: the attributes of every `tag` element. */
function tagsIn(html: string, tag: string): Array<Record<string, string | undefined>> {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  )
}
