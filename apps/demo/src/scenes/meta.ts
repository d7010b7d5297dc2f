/** What the picker and the scene header show for a scene. */
export interface SceneMeta {
  id: string;
  title: string;
  /** One or two words for the picker. */
  short: string;
  /** The idea the scene shows, in two lines. */
  summary: [string, string];
}
