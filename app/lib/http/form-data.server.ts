import { data } from "react-router";

export const UNREADABLE_FORM_MESSAGE =
  "Your form could not be read. Please reload the page and send it again.";

const NUL_IN_FORM_MESSAGE =
  "Your form contains a character that is not allowed (NUL). Please remove it and send the form again.";

/**
 * The submitted form, or a 400 the error page explains. Request.formData()
 * throws on a body no browser form produces (a truncated upload, a
 * multipart body without its boundary); that is the client's error, not a
 * fault of the site.
 */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  }
  // No text field may hold a NUL: Postgres refuses it in text, which would
  // make a query fail with a 500. Refused before any query.
  if ([...formData.values()].some((value) => typeof value === "string" && value.includes("\0"))) {
    throw data(NUL_IN_FORM_MESSAGE, { status: 400 });
  }
  return formData;
}

const FOREIGN_FORM_MESSAGE = "This form could not be handled here. Please reload the page and send it again.";

/**
 * Refuses with a 400 a body that is not the route's own form (a forged or
 * broken one): without `field`, or, given `values`, with none of them. Forms
 * that are the route's own but wrongly filled go back to their page instead.
 */
export function refuseForeignForm(formData: FormData, field: string, values?: readonly string[]): void {
  const value = formData.get(field);
  if (typeof value !== "string" || (values !== undefined && !values.includes(value))) {
    throw data(FOREIGN_FORM_MESSAGE, { status: 400 });
  }
}
