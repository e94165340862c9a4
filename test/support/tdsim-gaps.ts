/**
 * What tdsim cannot do (a CHOP type it does not cook, a TOP it does not draw, an audio or tracking
 * device it does not have) reaches an apply as an honest live warning on the node. Tests that apply
 * whole recipes, guides or imports set these aside; every other diagnostic is a fault.
 */
export function isTdsimGap(d: { code: string; message: string }): boolean {
  return d.code === "live-cook-warning" && /tdsim-not-cooked|tdsim-not-rendered|tdsim-no-device/.test(d.message);
}
