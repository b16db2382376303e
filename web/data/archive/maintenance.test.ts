import { describe, expect, it } from "vitest";
import { maintenanceFromHealth, maintenanceFromMessage } from "./maintenance";

describe("maintenanceFromHealth", () => {
  it("reads an active maintenance block", () => {
    expect(
      maintenanceFromHealth({ active: true, until: "2026-01-01T06:00:00.000Z", reason: " disk swap " }),
    ).toEqual({
      until: "2026-01-01T06:00:00.000Z",
      reason: "disk swap",
    });
  });

  it("is null when inactive or absent", () => {
    expect(maintenanceFromHealth({ active: false })).toBeNull();
    expect(maintenanceFromHealth(undefined)).toBeNull();
    expect(maintenanceFromHealth("yes")).toBeNull();
  });

  it("drops an unreadable time and an empty reason", () => {
    expect(maintenanceFromHealth({ active: true, until: "soon", reason: "   " })).toEqual({
      until: null,
      reason: null,
    });
  });
});

describe("maintenanceFromMessage", () => {
  it("reads the end time and reason from the maintenance gate's message", () => {
    expect(
      maintenanceFromMessage(
        "The service is under maintenance until 2026-01-01T06:00:00.000Z: disk swap: part 2",
      ),
    ).toEqual({ until: "2026-01-01T06:00:00.000Z", reason: "disk swap: part 2" });
  });

  it("ignores other unavailability messages", () => {
    expect(maintenanceFromMessage("Storage is full")).toBeNull();
    expect(maintenanceFromMessage("under maintenance until later: soon")).toBeNull();
  });
});
