import { Form } from "react-router";
import type { SettingsOrganization } from "~/lib/organizations";

/**
 * For a person who takes care of several organisations' animals: whose settings the page
 * shows. A plain GET form, so it works without JavaScript; nothing for someone in one.
 */
export function OrganizationPicker({ page }: { page: SettingsOrganization }) {
  if (page.choices.length === 0) return null;
  return (
    <Form method="get" className="organization-picker">
      <label className="field__label" htmlFor="organizacao">
        Organização
      </label>
      <select id="organizacao" name="organizacao" className="field__control" defaultValue={page.id ?? undefined}>
        {page.choices.map(({ id, nome }) => (
          <option key={id} value={id}>
            {nome}
          </option>
        ))}
      </select>
      <button type="submit" className="my-pet__action">
        Trocar
      </button>
    </Form>
  );
}
