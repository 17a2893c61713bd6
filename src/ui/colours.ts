/** One colour per reward component, by its position in the environment's list (chart lines and bars agree). */
export const COMPONENT_COLOURS = ['#e07a5f', '#81b29a', '#f2cc8f', '#9b5de5', '#00bbf9', '#f15bb5', '#8d99ae']
