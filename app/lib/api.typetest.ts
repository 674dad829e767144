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

export async function anUploadSendsAForm(form: FormData) {
  const { user } = await callApi(API_PATHS.uploadAvatar, form, { onUploadProgress: () => {} })
  // @ts-expect-error: an upload sends a form, not its fields
  await callApi(API_PATHS.uploadAvatar, { avatar: 'saturn.png' })
  // @ts-expect-error: a JSON endpoint does not take a form
  await callApi(API_PATHS.updateProfile, form)
  return user
}
