import { data } from "react-router";

export const UNREADABLE_FORM_MESSAGE =
  "Your form could not be read. Please reload the page and send it again.";

const NUL_IN_FORM_MESSAGE =
  "Your form contains a character that is not allowed (NUL). Please remove it and send the form again.";

/** The submitted form, or a 400: a body no browser form produces is the client's error, not a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  }
  // Postgres refuses a NUL in text: refused before any query fails with a 500.
  if ([...formData.values()].some((value) => typeof value === "string" && value.includes("\0"))) {
    throw data(NUL_IN_FORM_MESSAGE, { status: 400 });
  }
  return formData;
}

const FOREIGN_FORM_MESSAGE = "This form could not be handled here. Please reload the page and send it again.";

/** A 400 for a body that is not the route's own form: without `field`, or with none of `values`. */
export function refuseForeignForm(formData: FormData, field: string, values?: readonly string[]): void {
  const value = formData.get(field);
  if (typeof value !== "string" || (values !== undefined && !values.includes(value))) {
    throw data(FOREIGN_FORM_MESSAGE, { status: 400 });
  }
}
