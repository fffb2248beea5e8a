/** Where a dragged element sits in a layout (effect.place), as a person reads it; element-state.ts says a found one alike. */
export const describePlace = (place: { readonly levels: number; readonly left: number; readonly top: number; readonly width?: number | undefined; readonly height?: number | undefined; readonly stays?: true | undefined }) =>
  `${place.stays ? 'still ' : ''}placed ${Math.round(place.left * 100)}% across and ${Math.round(place.top * 100)}% down the layout ${place.levels} level${place.levels === 1 ? '' : 's'} up`
  + (place.width !== undefined && place.height !== undefined ? `, ${Math.round(place.width * 100)}% wide and ${Math.round(place.height * 100)}% high` : '');
