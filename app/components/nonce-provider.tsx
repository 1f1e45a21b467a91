import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Carries the per-request CSP nonce from the server entry to <Scripts />. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
