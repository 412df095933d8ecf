import { waitForProduct } from "./product-ready.ts";

// A setup file: each browser file's tests start once the product answers.
await waitForProduct();
