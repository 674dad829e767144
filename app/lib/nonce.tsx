import { createContext, useContext } from 'react'

const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce of this response on the server; '' in the browser, which hides it after load. */
export function useNonce(): string {
  return useContext(NonceContext)
}
