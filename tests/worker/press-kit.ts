/**
 * A complete press kit: with a spokesperson and every contact field, the release the sandbox
 * writes from it has no gaps, so it can be published and sent.
 */
export const COMPLETE_KIT = {
  name: "Ìjọba Water Trust",
  boilerplate: "Ìjọba Water Trust runs boreholes across Oyo State.",
  spokespeople: [{ name: "Funmilayo Adeyemi", title: "Director of Programmes" }],
  media_contact: { name: "Bisi Akande", email: "press@ijoba.example.ng", phone: "+2348031234567" },
  dateline_city: "Ibadan",
};
