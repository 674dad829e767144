/**
 * Type tests, checked by `npm run typecheck` (never run): a call's input and answer are typed
 * from its contract.
 */
import * as API_PATHS from '../../contracts/api-paths.ts'
import { callApi } from './api.ts'

export async function callsAreTypedByTheirContracts() {
  const list = await callApi(API_PATHS.listFaqs, { page: 2 })
  const titles: string[] = list.faqs.map((faq) => faq.title)
  // @ts-expect-error: a list of FAQs has no `posts`
  const posts: unknown = list.posts
  // @ts-expect-error: an FAQ has a title, not a heading
  await callApi(API_PATHS.updateFaq, { id: 7, heading: 'Saturn' })
  // @ts-expect-error: creating an FAQ needs its content
  await callApi(API_PATHS.createFaq, { title: 'Saturn' })
  return { titles, posts }
}
