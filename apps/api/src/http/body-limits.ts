/** The largest body any route takes: a full cart is about 3 KB ... */
export const BODY_LIMIT = '64kb';
/**
 * ... but a settlement file, checked whole (its own character limit is checked by its request's rules). A proxy
 * in front of the API must take bodies at least this large (the Ingress's proxy-body-size).
 */
export const SETTLEMENT_BODY_LIMIT = '2mb';
/**
 * ... and a council's batch of up to 5,000 bills through the council API (a bill's JSON is at most about 1 KB).
 * The Ingress's proxy-body-size must take it too.
 */
export const COUNCIL_API_BODY_LIMIT = '8mb';
