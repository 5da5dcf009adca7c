import { createContext, useContext } from "react";

/** The response's Content-Security-Policy nonce, for the few inline scripts we render ourselves. */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
