/** The contact form's messages and limits, without the schema: the form imports these. */
export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  subject: 'Subject must be at least 5 characters.',
  message: 'Message must be at least 10 characters.',
  unknown: 'An unknown error occurred',
  sent: 'Thank you! Your message has been sent. We will get back to you soon.',
} as const

export const CONTACT_LIMITS = { name: 100, subject: 200, message: 5000 } as const
