import * as z from "zod";

export const MAX_SUBSCRIPTIONS = 200;

/** SubAdd / SubRemove payload: { subs: [codes] }. */
export const subscriptionSchema = z.object({
  subs: z
    .array(z.string().trim().min(1).max(40))
    .max(MAX_SUBSCRIPTIONS, `At most ${MAX_SUBSCRIPTIONS} symbols can be subscribed`),
});
