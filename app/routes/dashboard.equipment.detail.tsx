import { data, Form, href, useActionData, useLoaderData } from "react-router";
import { DeskSection } from "~/components/desk-page";
import { EquipmentEditorForm, EquipmentEditorPage, EquipmentHistory } from "~/components/equipment-editor";
import { Button } from "~/components/ui/button";
import { brandTitle } from "~/content/company";
import { getDeskItem } from "~/lib/catalogue/catalogue-editor.server";
import { databaseContext } from "~/lib/context.server";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { EquipmentPhotoEditor } from "~/components/equipment-photo-editor";
import { listPhotosOf } from "~/lib/catalogue/catalogue-photos.server";
import {
  changeItemForm,
  changePhotoForm,
  editorValues,
  isPhotoIntent,
  loadHistory,
  saveItemForm,
} from "~/routes/dashboard.equipment.server";
import type { Route } from "./+types/dashboard.equipment.detail";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: brandTitle(loaderData ? `Machine: ${loaderData.item.name}` : "Machine") },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  guardedUser(context);
  const { db } = context.get(databaseContext);
  const item = await getDeskItem(db, params.id);
  if (!item) throw data("Not found", { status: 404 });
  return {
    item: { id: item.id, name: item.name, status: item.status },
    photos: (await listPhotosOf(db, [item.id])).get(item.id) ?? [],
    values: editorValues(item),
    history: await loadHistory(context, item.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  const formData = await readFormData(request);
  if (formData.get("intent") === "save") return saveItemForm(context, formData, user.id, params.id);
  if (isPhotoIntent(formData.get("intent"))) return changePhotoForm(context, formData, user.id, params.id);
  return changeItemForm(
    context,
    formData,
    user.id,
    params.id,
    href("/dashboard/equipment/:id", { id: params.id }),
  );
}

export default function EquipmentItemDeskPage() {
  const { item, photos, values, history } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const published = item.status === "published";
  return (
    <EquipmentEditorPage title={`Machine: ${item.name}`}>
      <DeskSection id="status-heading" title={published ? "Published" : "Draft"}>
        <p className="text-sm">
          {published ? (
            <>
              Visitors see it at{" "}
              <a className="underline" href={href("/equipment/:id", { id: item.id })}>
                {href("/equipment/:id", { id: item.id })}
              </a>
              .
            </>
          ) : (
            "Visitors do not see it until you publish it."
          )}
        </p>
        <Form method="post" aria-label="Publishing">
          <Button type="submit" name="intent" value={published ? "unpublish" : "publish"}>
            {published ? "Unpublish" : "Publish"}
          </Button>
        </Form>
      </DeskSection>
      <EquipmentEditorForm
        values={result?.values ?? values}
        errors={result?.errors ?? {}}
        submitLabel="Save machine"
      />
      <EquipmentPhotoEditor itemId={item.id} photos={photos} />
      <EquipmentHistory entries={history} />
    </EquipmentEditorPage>
  );
}
