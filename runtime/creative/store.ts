/**
 * The card store under the data directory: `cards/<id>.md`, `binaries/<id>.<ext>`. Every write is
 * atomic (a temporary file renamed over the old one), so a crash never leaves half a card; nothing
 * is ever deleted but a binary whose card is tombstoned or whose license no longer allows it.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic-write.js";
import { parseCard, serializeCard, type Card } from "./card.js";
import { CardFormatError, DataDirError } from "./errors.js";

const cardsDir = (dataDir: string) => join(dataDir, "cards");
const binariesDir = (dataDir: string) => join(dataDir, "binaries");
export const indexFile = (dataDir: string) => join(dataDir, "index.jsonl");
const ID = /^[0-9a-f]{64}$/;

/** Creates the data directory's folders and proves it can write there, or throws DataDirError. */
export async function ensureWritable(dataDir: string): Promise<void> {
  try {
    await mkdir(cardsDir(dataDir), { recursive: true });
    await mkdir(binariesDir(dataDir), { recursive: true });
    await access(dataDir, constants.W_OK);
    const probe = join(dataDir, `.probe-${process.pid}-${randomBytes(4).toString("hex")}`);
    await writeFile(probe, "");
    await rm(probe, { force: true });
  } catch (err) {
    throw new DataDirError(dataDir, (err as NodeJS.ErrnoException).code ?? (err as Error).message);
  }
}

export async function writeCard(dataDir: string, card: Card): Promise<void> {
  await writeFileAtomic(join(cardsDir(dataDir), `${card.id}.md`), serializeCard(card));
}

/** The card with this id, or undefined when there is none (a malformed id is never a path). */
export async function readCard(dataDir: string, id: string): Promise<Card | undefined> {
  if (!ID.test(id)) return undefined;
  const file = join(cardsDir(dataDir), `${id}.md`);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  return parseCard(text, `cards/${id}.md`);
}

export interface CardListing {
  cards: Card[];
  /** Files that are not readable cards: reported, never dropped silently. */
  problems: string[];
}

/** Every card file, in id order. */
export async function listCards(dataDir: string): Promise<CardListing> {
  let names: string[];
  try {
    names = (await readdir(cardsDir(dataDir))).filter((n) => n.endsWith(".md")).sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { cards: [], problems: [] };
    throw err;
  }
  const cards: Card[] = [];
  const problems: string[] = [];
  for (const name of names) {
    try {
      cards.push(parseCard(await readFile(join(cardsDir(dataDir), name), "utf8"), `cards/${name}`));
    } catch (err) {
      if (err instanceof CardFormatError) problems.push(err.message);
      else throw err;
    }
  }
  return { cards, problems };
}

/** The stored binary of a card, as a file name under binaries/, or undefined. */
export async function binaryOf(dataDir: string, id: string): Promise<string | undefined> {
  const names = await readdir(binariesDir(dataDir)).catch(() => [] as string[]);
  return names.find((n) => n.startsWith(`${id}.`) && !n.includes(".tmp-"));
}

export async function writeBinary(dataDir: string, id: string, extension: string, bytes: Uint8Array): Promise<string> {
  const name = `${id}.${extension}`;
  await writeFileAtomic(join(binariesDir(dataDir), name), bytes);
  return name;
}

export async function removeBinary(dataDir: string, id: string): Promise<boolean> {
  const name = await binaryOf(dataDir, id);
  if (name === undefined) return false;
  await rm(join(binariesDir(dataDir), name), { force: true });
  return true;
}

/** Marks a card vanished upstream: its binary goes, its file stays for audit. */
export async function tombstoneCard(dataDir: string, card: Card): Promise<Card> {
  const dead: Card = { ...card, tombstone: true };
  await removeBinary(dataDir, card.id);
  await writeCard(dataDir, dead);
  return dead;
}
