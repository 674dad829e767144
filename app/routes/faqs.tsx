import { FAQS_DEFAULT_LIMIT } from '../../contracts/blog-constants.ts'
import { PAGE_NUMBER_MAX } from '../../contracts/common-constants.ts'
import { htmlToText } from '../../contracts/html-text.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../components/ui/accordion.tsx'
import { LocalDate } from '../components/ui/local-date.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import * as API_PATHS from '../../contracts/api-paths.ts'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { useApi } from '../lib/store.ts'
import type { Route } from './+types/faqs'

export const FAQ_SKELETON_ROWS = 5
const FAQ_FALLBACK_ERROR = 'Something went wrong while loading the FAQs. Please try again later.'

/** The questions a page shows: the API's largest page, so most sites have one page of FAQs. */
export const FAQ_PAGE_SIZE = FAQS_DEFAULT_LIMIT

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page'))
  return Number.isInteger(page) && page > 0 && page <= PAGE_NUMBER_MAX ? page : 1
}

/** One page of the FAQs (`?page=N`); page links below lead to the others. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url))
  return context.get(appContext).services.faqs.list({ page, limit: FAQ_PAGE_SIZE })
}

const hrefFor = (page: number): `/${string}` => (page > 1 ? `/faqs?page=${page}` : '/faqs')

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const tags = pageMeta(matches, {
    title: 'FAQs',
    description:
      'Frequently asked questions about astronomy, stargazing, telescopes and this site.',
    path: hrefFor(loaderData?.pagination.page ?? 1),
  })
  if (loaderData?.faqs.length) {
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: loaderData.faqs.map((f) => ({
          '@type': 'Question',
          name: f.title,
          acceptedAnswer: { '@type': 'Answer', text: htmlToText(f.content) },
        })),
      },
    })
  }
  return tags
}

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const { page, totalPages } = loaderData.pagination
  const query = useApi(
    API_PATHS.listFaqs,
    { page, limit: FAQ_PAGE_SIZE },
    {
      initial: loaderData,
      staleMs: 5 * 60_000,
      select: (r) => r.faqs,
      fallbackMessage: FAQ_FALLBACK_ERROR,
    },
  )
  const faqs = query.data

  return (
    <PageContainer className="max-w-4xl">
      <PageHeading
        title="Frequently Asked Questions"
        subtitle="Answers to the questions we hear most about the night sky, equipment and this community."
      />
      {faqs === undefined && !query.isError ? (
        <div role="status" className="space-y-3" aria-label="Loading FAQs">
          {Array.from({ length: FAQ_SKELETON_ROWS }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : faqs === undefined ? (
        <StateMessage tone="error" title="Unable to load FAQs">
          {query.error?.message || FAQ_FALLBACK_ERROR}
        </StateMessage>
      ) : faqs.length === 0 ? (
        <StateMessage title="No FAQs available">
          Check back later for frequently asked questions about astronomy and stargazing.
        </StateMessage>
      ) : (
        <Accordion type="multiple" defaultValue={[String(faqs[0]!.id)]}>
          {faqs.map((faq) => (
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
      <Pagination page={page} totalPages={totalPages} hrefFor={hrefFor} label="FAQ pages" />
    </PageContainer>
  )
}
