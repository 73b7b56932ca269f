/** Tells the sandbox's parent what is being read now ("the PDF's page 2"), so that when the parser
 * is killed the reason can name the part of the file that caused it. */
export type Progress = (where: string) => void;
