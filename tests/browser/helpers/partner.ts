// Shared steps of the partner dashboard's browser tests: the service partner A edits, and direct API
// edits that play "someone else" saving the same service. Signing in is in sign-in.ts.
import { bearer } from "../../helpers/directory/accounts";
import { editable, readService } from "../../helpers/directory/service-edits";

export const SERVICE = "partners-in-mission-food-bank"; // belongs to partner A's organization
export const SERVICE_NAME = "Partners in Mission Food Bank";

/** Saves a new English description through the API, as another person would (returns the new version). */
export async function editElsewhere(baseUrl: string, email: string, description: string): Promise<number> {
  const token = await bearer(baseUrl, email);
  const current = await readService(baseUrl, SERVICE);
  const input = { ...editable(current), version: current.version };
  const res = await fetch(`${baseUrl}/api/v1/services/${SERVICE}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...input, description: { ...input.description, en: description } }),
  });
  if (res.status !== 200) throw new Error(`edit elsewhere: ${res.status} ${await res.text()}`);
  return (await res.json()).data.version;
}
