import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { endSession } from "~/auth/session.server";
import { redirectWithToast } from "~/auth/toast.server";

// Sign-out is a POST (a GET never changes anything); a stray GET goes home.
export async function loader(_args: LoaderFunctionArgs) {
  return redirect("/");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const clear = await endSession(context, request);
  return redirectWithToast(
    context.cookies,
    request,
    "/login",
    { type: "info", message: "You have been signed out." },
    { headers: clear ? { "Set-Cookie": clear } : undefined },
  );
}
