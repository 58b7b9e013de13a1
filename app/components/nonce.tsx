import { createContext, useContext } from "react";

// The CSP nonce reaches the document's scripts through this context (server only: the
// browser hides nonce values from scripts, so on the client it is empty).
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
