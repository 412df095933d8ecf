import { describe, expect, it } from "vitest";
import { fieldsOf } from "../../site/src/ui/form-fields.tsx";

interface Kit {
  name: string;
  media_contact: { email: string };
  spokespeople: { name: string }[];
}

// What `register` answers, without a form around it: the name it was asked for.
const register = ((name: string) => ({
  name,
  onBlur: async () => undefined,
  onChange: async () => undefined,
  ref: () => undefined,
})) as never;

describe("fieldsOf", () => {
  const field = fieldsOf<Kit>(register, {
    name: { type: "required", message: "Enter the organisation's name" },
    media_contact: { email: { type: "pattern", message: "Enter a valid e-mail address" } },
    spokespeople: [undefined, { name: { type: "required", message: "Enter the spokesperson's name" } }] as never,
  });

  it("spreads a field's registration with its error, at the top level and down a dotted path", () => {
    expect(field("name")).toMatchObject({ name: "name", error: "Enter the organisation's name" });
    expect(field("media_contact.email")).toMatchObject({
      name: "media_contact.email",
      error: "Enter a valid e-mail address",
    });
    expect(field("spokespeople.1.name").error).toBe("Enter the spokesperson's name");
  });

  it("gives no error where there is none", () => {
    expect(field("spokespeople.0.name").error).toBeUndefined();
    expect(fieldsOf<Kit>(register, {})("media_contact.email").error).toBeUndefined();
  });
});
