// Chavi Setting's key order. Without JavaScript each key has Up and Down buttons that post one
// move and save it at once; with JavaScript the keys can also be dragged (mouse, touch, or the
// keyboard from the drag handle: space to pick up, arrows to move, space to drop) into a new
// order that Save Order posts whole.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Icon } from "~/components/ui/icon";
import { Form } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { secondaryButtonClass } from "~/components/admin/admin-ui";
import { SubmitButton } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";

export interface OrderedKey {
  id: number;
  name: string;
  displayName: string;
  type: "plus" | "minus";
  srNo: number;
  isactive: boolean;
}

const itemClass = "flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 bg-white px-3 py-2 text-sm dark:border-slate-800 dark:bg-slate-900";

export function KeyOrderList({ keys, pending }: { keys: readonly OrderedKey[]; pending: boolean }) {
  const hydrated = useHydrated();
  const storedOrder = keys.map((k) => k.id);
  const storedKey = storedOrder.join(",");
  const [order, setOrder] = useState(storedOrder);
  // A save (or a move posted by another admin) brings the stored order back.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => setOrder(storedOrder), [storedKey]);
  const byId = new Map(keys.map((k) => [k.id, k]));
  const ordered = order.map((id) => byId.get(id)).filter((k): k is OrderedKey => k !== undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // dnd-kit's own live region has role="status", the role of the page's toasts: it goes into a
  // container hidden from the accessibility tree, and the drag is announced here instead.
  const [dndContainer, setDndContainer] = useState<HTMLElement | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const nameOf = (id: UniqueIdentifier) => byId.get(Number(id))?.name ?? "";
  const positionOf = (id: UniqueIdentifier) => `position ${order.indexOf(Number(id)) + 1} of ${order.length}`;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setAnnouncement(over ? `${nameOf(active.id)} dropped at ${positionOf(over.id)}. Save Order keeps it.` : `${nameOf(active.id)} not moved`);
    if (!over || active.id === over.id) return;
    setOrder((current) => arrayMove(current, current.indexOf(Number(active.id)), current.indexOf(Number(over.id))));
  };

  const list = (
    <ol aria-label="Key order" className="flex flex-col gap-1">
      {ordered.map((k, index) => (
        <KeyItem key={k.id} item={k} draggable={hydrated && dndContainer !== null}>
          <span className="w-6 tabular-nums text-muted">{index + 1}</span>
          <span className="font-medium">{k.name}</span>
          <span className="text-muted">
            {k.displayName} · {k.type} · Sr No {k.srNo}
            {k.isactive ? "" : " · off"}
          </span>
          <span className="ml-auto flex gap-1">
            {(["up", "down"] as const).map((direction) => (
              <Form method="post" key={direction}>
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={k.id} />
                <input type="hidden" name="direction" value={direction} />
                <button
                  type="submit"
                  disabled={(direction === "up" && index === 0) || (direction === "down" && index === ordered.length - 1)}
                  aria-label={`Move ${k.name} ${direction}`}
                  className={`${secondaryButtonClass} inline-flex items-center gap-1 px-2 py-0.5 disabled:opacity-40`}
                >
                  {direction === "up" ? <Icon name="arrow-up" className="h-3.5 w-3.5" /> : <Icon name="arrow-down" className="h-3.5 w-3.5" />}
                  {direction === "up" ? "Up" : "Down"}
                </button>
              </Form>
            ))}
          </span>
        </KeyItem>
      ))}
    </ol>
  );

  return (
    <>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {hydrated ? "Drag the keys into order (or use a key's drag handle with the keyboard), then Save Order. " : ""}The Up and Down buttons move one
        key and save at once.
      </p>
      {hydrated ? (
        <>
          <div ref={setDndContainer} aria-hidden="true" />
          <p aria-live="assertive" className="sr-only">
            {announcement}
          </p>
        </>
      ) : null}
      {hydrated && dndContainer ? (
        <DndContext
          id="key-order"
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={({ active }) => setAnnouncement(`Picked up ${nameOf(active.id)}. Use the arrow keys to move it, space to drop.`)}
          onDragOver={({ active, over }) => over && setAnnouncement(`${nameOf(active.id)} is over ${positionOf(over.id)}`)}
          onDragEnd={onDragEnd}
          onDragCancel={({ active }) => setAnnouncement(`${nameOf(active.id)} not moved`)}
          accessibility={{ container: dndContainer }}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            {list}
          </SortableContext>
        </DndContext>
      ) : (
        list
      )}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="save-order" />
        {order.map((id) => (
          <input key={id} type="hidden" name="order" value={id} />
        ))}
        <SubmitButton pending={pending}>Save Order</SubmitButton>
      </Form>
    </>
  );
}

function KeyItem({ item, draggable, children }: { item: OrderedKey; draggable: boolean; children: ReactNode }) {
  if (!draggable) {
    return (
      <li data-key={item.name} className={itemClass}>
        {children}
      </li>
    );
  }
  return (
    <DraggableKeyItem item={item}>
      {children}
    </DraggableKeyItem>
  );
}

function DraggableKeyItem({ item, children }: { item: OrderedKey; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-key={item.name}
      data-dragging={isDragging || undefined}
      className={`${itemClass} ${isDragging ? "relative z-10 opacity-50" : ""}`}
    >
      {/* The handle takes the drag (and its keyboard), so Enter on Up or Down still posts the move. */}
      <button type="button" {...attributes} {...listeners} aria-label={`Drag ${item.name}`} title="Drag to reorder" className={`${secondaryButtonClass} cursor-grab px-2 py-0.5`}>
        <Icon name="grip-vertical" className="h-4 w-4" />
      </button>
      {children}
    </li>
  );
}
