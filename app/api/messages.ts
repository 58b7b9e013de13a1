// Messages the API router and its handlers share.
export { FORBIDDEN_TEXT as FORBIDDEN_MESSAGE } from "~/domain/access";
export const UNKNOWN_CALL_MESSAGE = "Unknown API call";
