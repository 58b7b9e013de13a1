// Messages the API router and its handlers share.
export const FORBIDDEN_MESSAGE = "You do not have permission to do this.";
export const UNKNOWN_CALL_MESSAGE = "Unknown API call";
