// The one reading of numbers (app/domain/decimal.ts, app/schemas/decimal.ts): decimal notation
// only, rounding to the column's scale before the range check, whole numbers without fractions,
// and exact text beyond 2^53 (docs/decisions/118).
import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  decimalSign,
  decimalText2,
  decimalUnits,
  divideRounded,
  formatUnitsIndian,
  groupIndian,
  isDecimalNotation,
  numberToDecimalText,
  unitsToText,
} from "~/domain/decimal";
import { decimalNumber, optionalDecimalNumber, PRICE_MAX, priceNumber } from "~/schemas/decimal";
import { parseWithZod } from "~/schemas/parse";

describe("decimal notation", () => {
  it("accepts an optional sign, digits and an optional fraction", () => {
    for (const text of ["0", "5", "+5", "-5", "007", "12.5", "0.004", "-0.50", "999999999999.99"]) expect(isDecimalNotation(text), text).toBe(true);
  });

  it("refuses what Number() would read: hex, binary, octal, exponent, Infinity, NaN, blanks, grouping", () => {
    for (const text of ["0x10", "0b101", "0o17", "1e5", "1e-9", "1E5", "Infinity", "-Infinity", "NaN", "", " ", " 5", "5 ", "1,000", "1_000", ".5", "5.", "--5", "5-", "١٢"]) {
      expect(isDecimalNotation(text), JSON.stringify(text)).toBe(false);
      expect(decimalUnits(text, 2), JSON.stringify(text)).toBeNull();
    }
  });

  it("rounds to the scale half away from zero, from the digits (no float trap)", () => {
    expect(decimalUnits("1.005", 2)).toBe(101n);
    expect(decimalUnits("-1.005", 2)).toBe(-101n);
    expect(decimalUnits("0.004", 2)).toBe(0n);
    expect(decimalUnits("0.005", 2)).toBe(1n);
    expect(decimalUnits("0.0049999999999999999999", 2)).toBe(0n);
    expect(decimalUnits("999999999999.995", 2)).toBe(100000000000000n);
    expect(decimalUnits("12", 2)).toBe(1200n);
    expect(decimalUnits("2.5", 0)).toBe(3n);
    expect(decimalUnits("0000000000000000000000000000000000000000001.5", 0)).toBe(2n);
  });

  it("stands a value of more than 30 integer digits in for 10^30 instead of parsing it", () => {
    expect(decimalUnits("9".repeat(100_000), 2)).toBe(10n ** 32n);
    expect(decimalUnits(`-${"9".repeat(40)}`, 0)).toBe(-(10n ** 30n));
  });

  it("reads a number as the decimal it stands for, exponent written out", () => {
    expect(numberToDecimalText(0.1)).toBe("0.1");
    expect(numberToDecimalText(1e-9)).toBe("0.000000001");
    expect(numberToDecimalText(-1.5e-7)).toBe("-0.00000015");
    expect(numberToDecimalText(1e21)).toBe("1000000000000000000000");
    expect(numberToDecimalText(1.25e22)).toBe("12500000000000000000000");
    expect(numberToDecimalText(Number.NaN)).toBeNull();
    expect(numberToDecimalText(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("writes units exactly, Indian-grouped, never -0.00", () => {
    expect(unitsToText(5n, 2)).toBe("0.05");
    expect(unitsToText(-5n, 2)).toBe("-0.05");
    expect(unitsToText(0n, 2)).toBe("0.00");
    expect(unitsToText(12n, 0)).toBe("12");
    expect(groupIndian("12345678")).toBe("1,23,45,678");
    expect(groupIndian("123")).toBe("123");
    expect(formatUnitsIndian(9999999999999000000n, 2)).toBe("99,99,99,99,99,99,90,000.00");
    expect(formatUnitsIndian(-100000000n, 2)).toBe("-10,00,000.00");
  });

  it("divides rounding half away from zero", () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(5n, -2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
    expect(divideRounded(-1n, 3n)).toBe(0n);
  });

  it("normalises money text and reads its sign", () => {
    expect(decimalText2("57.7")).toBe("57.70");
    expect(decimalText2(-0.001)).toBe("0.00");
    expect(decimalText2("0x10")).toBeNull();
    expect(decimalSign("-0.01")).toBe(-1);
    expect(decimalSign("0.00")).toBe(0);
    expect(decimalSign("99999999999990000.00")).toBe(1);
  });
});

describe("decimalNumber (the schema of every submitted number)", () => {
  const price = priceNumber({ label: "Price", above: 0 });
  const errorOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it("refuses hex, exponent, Infinity and the like as text, with the field's message", () => {
    for (const text of ["0x10", "1e5", "1e-9", "Infinity", "NaN", "1,000", "abc", "0b1", "0o7"]) {
      expect(errorOf(price, text), text).toBe("Price must be a number written in digits, such as 1250.50");
    }
  });

  it("trims surrounding spaces as every text field does; blank is missing", () => {
    expect(price.parse(" 5")).toBe(5);
    expect(price.parse("5 ")).toBe(5);
    expect(errorOf(price, " ")).toBe("Please enter price");
    expect(errorOf(price, "")).toBe("Please enter price");
    expect(errorOf(price, undefined)).toBe("Please enter price");
    expect(errorOf(price, null)).toBe("Please enter price");
  });

  it("rounds to the column's scale, then checks the range", () => {
    expect(price.parse("12.345")).toBe(12.35);
    expect(price.parse("0.005")).toBe(0.01);
    expect(errorOf(price, "0.004")).toBe("Price must be greater than 0");
    expect(errorOf(price, "0")).toBe("Price must be greater than 0");
    expect(errorOf(price, "-1")).toBe("Price must be greater than 0");
    expect(price.parse(PRICE_MAX)).toBe(999999999999.99);
    expect(price.parse("999999999999.994")).toBe(999999999999.99);
    expect(errorOf(price, "999999999999.995")).toBe("Price must be at most 9,99,99,99,99,999.99");
    expect(errorOf(price, "1".repeat(5000))).toBe("Price must be at most 9,99,99,99,99,999.99");
  });

  it("takes a finite JSON number as its decimal, with the same rounding and range", () => {
    expect(price.parse(16)).toBe(16);
    expect(price.parse(99999999999.99)).toBe(99999999999.99);
    expect(errorOf(price, 1e-9)).toBe("Price must be greater than 0");
    expect(errorOf(price, 0.004)).toBe("Price must be greater than 0");
    expect(errorOf(price, 1e300)).toBe("Price must be at most 9,99,99,99,99,999.99");
    expect(errorOf(price, Number.NaN)).toBe("Price must be a number written in digits, such as 1250.50");
    expect(errorOf(price, true)).toBe("Price must be a number written in digits, such as 1250.50");
    expect(errorOf(price, [5])).toBe("Price must be a number written in digits, such as 1250.50");
  });

  it("a whole-number field refuses a fraction rather than cutting it", () => {
    const quantity = decimalNumber({ label: "Quantity", scale: 0, min: 1, max: 10_000_000 });
    expect(quantity.parse("25")).toBe(25);
    expect(quantity.parse("25.0")).toBe(25);
    expect(quantity.parse(7)).toBe(7);
    expect(errorOf(quantity, "1.5")).toBe("Quantity must be a whole number");
    expect(errorOf(quantity, 1.5)).toBe("Quantity must be a whole number");
    expect(errorOf(quantity, "0")).toBe("Quantity must be at least 1");
    expect(errorOf(quantity, "1e3")).toBe("Quantity must be a whole number written in digits, such as 25");
    expect(errorOf(quantity, "10000001")).toBe("Quantity must be at most 1,00,00,000");
  });

  it("words a lower bound of 0 as 'cannot be negative', and takes the form's own messages", () => {
    const step = decimalNumber({ label: "Step", scale: 2, min: 0, max: 100 });
    expect(errorOf(step, "-0.01")).toBe("Step cannot be negative");
    expect(step.parse("-0.004")).toBe(0);
    const custom = decimalNumber({ label: "Price", scale: 2, above: 0, max: 10, messages: { notation: "Please enter a price", min: "Too low" } });
    expect(errorOf(custom, "0x10")).toBe("Please enter a price");
    expect(errorOf(custom, "0")).toBe("Too low");
  });

  it("an optional field reads blank as missing, and a bad value still as bad", () => {
    const schema = z.object({ price: optionalDecimalNumber({ label: "Price", scale: 2, min: 0, max: 100 }) });
    expect(schema.parse({ price: "" })).toEqual({ price: undefined });
    expect(schema.parse({ price: "  " })).toEqual({ price: undefined });
    expect(schema.parse({})).toEqual({ price: undefined });
    expect(schema.safeParse({ price: "0x10" }).error?.issues[0]?.message).toBe("Price must be a number written in digits, such as 1250.50");
  });

  it("through the form door (Conform) nothing is read with Number()", () => {
    const schema = z.object({ price, quantity: decimalNumber({ label: "Quantity", scale: 0, min: 1, max: 100 }) });
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      const submission = parseWithZod(data, { schema });
      return submission.status === "success" ? { value: submission.value } : { error: submission.error };
    };
    expect(form({ price: "0x10", quantity: "0x10" }).error).toEqual({
      price: ["Price must be a number written in digits, such as 1250.50"],
      quantity: ["Quantity must be a whole number written in digits, such as 25"],
    });
    expect(form({ price: "", quantity: "" }).error).toEqual({ price: ["Please enter price"], quantity: ["Please enter quantity"] });
    expect(form({ price: "12.345", quantity: "3" }).value).toEqual({ price: 12.35, quantity: 3 });
  });
});
