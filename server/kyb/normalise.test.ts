import { describe, expect, it } from "vitest";
import { cpfMiddle, maskedCpfMiddle, nameKey } from "./normalise";

describe("nameKey", () => {
  it("drops accents, case, punctuation and repeated spaces", () => {
    expect(nameKey("  José  da Conceição-Júnior ")).toBe("JOSE DA CONCEICAO JUNIOR");
    expect(nameKey("JOSÉ DA CONCEIÇÃO JÚNIOR")).toBe(nameKey("jose da conceicao junior"));
    expect(nameKey("Ação\tÉtica  Ltda.")).toBe("ACAO ETICA LTDA");
  });
});

describe("CPF as the PEP list masks it", () => {
  it("reads the six visible digits of ***.123.456-**", () => {
    expect(maskedCpfMiddle("***.123.456-**")).toBe("123456");
    expect(maskedCpfMiddle(" ***123456** ")).toBe("123456");
    expect(maskedCpfMiddle("123.456.789-09")).toBeNull();
    expect(maskedCpfMiddle("***.12.456-**")).toBeNull();
  });

  it("takes the same digits of a full CPF", () => {
    expect(cpfMiddle("529.982.247-25")).toBe("982247");
    expect(maskedCpfMiddle("***.982.247-**")).toBe(cpfMiddle("52998224725"));
  });
});
