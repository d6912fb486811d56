import { GridSkeleton } from "@/app/components/GridSkeleton";

export default function Loading() {
  return <GridSkeleton label="records" />;
}
