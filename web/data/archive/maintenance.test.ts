import { describe, expect, it } from "vitest";
import { maintenanceFromMessage } from "./maintenance";

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
