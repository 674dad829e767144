import { useQuery } from '../lib/query.ts'
import type { Faq } from '../../contracts/faqs.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../components/ui/accordion.tsx'
import { LocalDate } from '../components/ui/local-date.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import * as API_PATHS from '../../contracts/api-paths.ts'
import { apiFetch } from '../lib/api.ts'
import { appContext } from '../lib/app-context.ts'
import { textOfHtml } from '../lib/excerpt.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/faqs'

export const FAQ_SKELETON_ROWS = 5
const FAQ_FALLBACK_ERROR = 'Something went wrong while loading the FAQs. Please try again later.'

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await context.get(appContext).services.faqs.list() }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = pageMeta(matches, {
    title: 'FAQs',
    description:
      'Frequently asked questions about astronomy, stargazing, telescopes and this site.',
    path: '/faqs',
  })
  if (loaderData?.faqs.length) {
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: loaderData.faqs.map((f) => ({
          '@type': 'Question',
          name: f.title,
          acceptedAnswer: { '@type': 'Answer', text: textOfHtml(f.content) },
        })),
      },
    })
  }
  return tags
}

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const query = useQuery({
    queryKey: ['faqs', 'list'],
    queryFn: ({ signal }) =>
      apiFetch<{ faqs: Faq[] }>(API_PATHS.listFaqs, { signal }, FAQ_FALLBACK_ERROR).then(
        (r) => r.faqs,
      ),
    initialData: loaderData.faqs,
    staleTime: 5 * 60_000,
  })

  return (
    <PageContainer className="max-w-4xl">
      <PageHeading
        title="Frequently Asked Questions"
        subtitle="Answers to the questions we hear most about the night sky, equipment and this community."
      />
      {query.isPending ? (
        <div className="space-y-3" aria-label="Loading FAQs">
          {Array.from({ length: FAQ_SKELETON_ROWS }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <StateMessage tone="error" title="Unable to load FAQs">
          {query.error.message || FAQ_FALLBACK_ERROR}
        </StateMessage>
      ) : query.data.length === 0 ? (
        <StateMessage title="No FAQs available">
          Check back later for frequently asked questions about astronomy and stargazing.
        </StateMessage>
      ) : (
        <Accordion type="multiple" defaultValue={[String(query.data[0]!.id)]}>
          {query.data.map((faq) => (
            <AccordionItem key={faq.id} value={String(faq.id)}>
              <AccordionTrigger level={2}>{faq.title}</AccordionTrigger>
              <AccordionContent>
                <div
                  className="prose-content text-base"
                  dangerouslySetInnerHTML={{ __html: faq.content }}
                />
                {faq.lastUpdated && (
                  <p className="mt-4 text-xs text-muted-foreground">
                    Last updated:{' '}
                    <LocalDate
                      iso={faq.lastUpdated}
                      options={{ year: 'numeric', month: 'numeric', day: 'numeric' }}
                    />
                  </p>
                )}
              </AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      )}
    </PageContainer>
  )
}
