import { mentionedNames } from "@contract/notes";

export interface StaffMember {
  id: number;
  name: string;
  email: string;
}

/** Lower case without accents: "Núñez" and "nunez" name the same person. */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();

/**
 * The staff a note's body mentions (contract/notes.ts MENTION_PATTERN): `@[Full Name]` names whoever has that name;
 * `@word` names whoever's whole name is that word, otherwise the one person whose first name or email's local part it
 * is (a word several people share names nobody, rather than everyone). Each person once, in the order first mentioned.
 */
export function resolveMentions(body: string, staff: readonly StaffMember[]): StaffMember[] {
  const found: StaffMember[] = [];
  const add = (people: readonly StaffMember[]) => {
    for (const person of people) if (!found.some((f) => f.id === person.id)) found.push(person);
  };
  for (const name of mentionedNames(body)) {
    const wanted = fold(name);
    const byName = staff.filter((person) => fold(person.name) === wanted);
    if (byName.length > 0) {
      add(byName);
      continue;
    }
    if (wanted.includes(" ")) continue;
    const byFirstName = staff.filter((person) => fold(person.name).split(" ")[0] === wanted);
    if (byFirstName.length === 1) {
      add(byFirstName);
      continue;
    }
    const byEmail = staff.filter((person) => fold(person.email.split("@")[0] ?? "") === wanted);
    if (byEmail.length === 1) add(byEmail);
  }
  return found;
}
