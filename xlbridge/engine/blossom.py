"""A maximum-weight matching of a general graph, in polynomial time: what the Swiss draw pairs the teams with.

Edmonds' blossom algorithm with Galil's primal-dual bookkeeping ("Efficient algorithms for finding maximum matching
in graphs", ACM Computing Surveys 18, 1986), O(n³) in the vertices, laid out as J. van Rantwijk's well-known Python
version of it lays it out (the one networkx's ``max_weight_matching`` grew from): a stage grows alternating trees
from the single vertices and ends in an augmentation; between the growth steps the dual variables move by the
least amount (delta) that makes a new edge usable, shrinks an odd cycle into a blossom or lets a blossom open again.

Weights are whole numbers of any size (Python integers: the draw folds several criteria, each dominating the next,
into one weight), so every dual variable stays whole and no rounding can choose a worse matching. The vertex
duals, the slacks and delta are kept doubled, as in Galil's text, so that the blossoms' halves stay whole too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["max_weight_matching"]

FREE, S, T = 0, 1, 2  # a top-level blossom's label in the alternating forest
CRUMB = 4  # a mark left on an S-blossom while two paths are followed back to their roots


def max_weight_matching(vertices: int, edges: Sequence[tuple[int, int, int]]) -> list[int | None]:
    """A matching of the greatest total weight among the ``vertices`` (numbered from 0) with ``edges`` (one
    vertex, the other, a whole-number weight; no edge twice, none from a vertex to itself): each vertex's mate,
    None for one left single."""
    if not edges:
        return [None] * vertices
    state = _Blossoms(vertices, edges)
    state.solve()
    return [None if end < 0 else state.endpoint[end] for end in state.mate]


class _Blossoms:
    """The algorithm's state. Edge k has two ends, 2k (its first vertex) and 2k + 1 (its second); a vertex's
    ``mate`` is the far end of its matched edge (-1: single). Blossoms are numbered after the vertices (n to
    2n - 1); a vertex is also the trivial blossom of its own number."""

    def __init__(self, vertices: int, edges: Sequence[tuple[int, int, int]]) -> None:
        n = vertices
        self.n = n
        self.edges = edges
        self.endpoint = [edges[end // 2][end % 2] for end in range(2 * len(edges))]
        #: For each vertex, the far ends of its edges.
        self.neighbours: list[list[int]] = [[] for _ in range(n)]
        for k, (first, second, _) in enumerate(edges):
            self.neighbours[first].append(2 * k + 1)
            self.neighbours[second].append(2 * k)
        self.mate = [-1] * n
        self.label = [FREE] * (2 * n)
        #: The end through which a blossom (or a vertex) got its label: the far end of the edge to its parent.
        self.label_end = [-1] * (2 * n)
        self.in_blossom = list(range(n))  # each vertex's top-level blossom
        self.parent = [-1] * (2 * n)
        self.children: list[list[int]] = [[] for _ in range(2 * n)]  # round the cycle, from the base
        self.base = list(range(n)) + [-1] * n
        #: The ends linking a blossom's children: child i to child i + 1 (the last back to the first).
        self.links: list[list[int]] = [[] for _ in range(2 * n)]
        #: The least-slack edge from an S-blossom to another, or from a single or T vertex to an S-blossom.
        self.best_edge = [-1] * (2 * n)
        #: For a top-level S-blossom, its least-slack edges to each other S-blossom (None: not kept yet).
        self.best_edges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        top = max(0, *(weight for _, _, weight in edges))
        self.dual = [top] * n + [0] * n  # the vertices' (doubled) and then the blossoms'
        self.allowed = [False] * len(edges)  # edges of zero slack, usable in the forest
        self.queue: list[int] = []  # S-vertices whose edges are still to be looked at

    def slack(self, k: int) -> int:
        first, second, weight = self.edges[k]
        return self.dual[first] + self.dual[second] - 2 * weight

    def leaves(self, blossom: int) -> Iterator[int]:
        if blossom < self.n:
            yield blossom
        else:
            for child in self.children[blossom]:
                yield from self.leaves(child)

    def assign_label(self, vertex: int, label: int, end: int) -> None:
        """Label ``vertex``'s top-level blossom S or T, reached through ``end``; a T-blossom's mate becomes S."""
        blossom = self.in_blossom[vertex]
        self.label[vertex] = self.label[blossom] = label
        self.label_end[vertex] = self.label_end[blossom] = end
        self.best_edge[vertex] = self.best_edge[blossom] = -1
        if label == S:
            self.queue.extend(self.leaves(blossom))
        else:
            mate = self.mate[self.base[blossom]]
            self.assign_label(self.endpoint[mate], S, mate ^ 1)

    def scan_blossom(self, vertex: int, other: int) -> int:
        """The base of the blossom that an edge between the S-vertices ``vertex`` and ``other`` closes, or -1 if
        their paths reach two different roots (an augmenting path)."""
        path = []
        base = -1
        while vertex != -1:
            blossom = self.in_blossom[vertex]
            if self.label[blossom] & CRUMB:
                base = self.base[blossom]
                break
            path.append(blossom)
            self.label[blossom] = S | CRUMB
            if self.label_end[blossom] == -1:  # a root: this path ends
                vertex = -1
            else:  # back through the T-blossom above to the S-blossom above it
                vertex = self.endpoint[self.label_end[blossom]]
                vertex = self.endpoint[self.label_end[self.in_blossom[vertex]]]
            if other != -1:  # the two paths in turn
                vertex, other = other, vertex
        for blossom in path:
            self.label[blossom] = S
        return base

    def add_blossom(self, base: int, k: int) -> None:
        """Shrink the odd cycle that edge ``k`` closes, through the two paths up to ``base``, into an S-blossom."""
        first, second, _ = self.edges[k]
        base_blossom, near, far = self.in_blossom[base], self.in_blossom[first], self.in_blossom[second]
        blossom = self.unused.pop()
        self.base[blossom] = base
        self.parent[blossom] = -1
        self.parent[base_blossom] = blossom
        children: list[int] = []
        links: list[int] = []
        while near != base_blossom:  # from the edge's first end back to the base...
            self.parent[near] = blossom
            children.append(near)
            links.append(self.label_end[near])
            near = self.in_blossom[self.endpoint[self.label_end[near]]]
        children.append(base_blossom)
        children.reverse()
        links.reverse()
        links.append(2 * k)  # ...across the edge...
        while far != base_blossom:  # ...and from its second end back to the base
            self.parent[far] = blossom
            children.append(far)
            links.append(self.label_end[far] ^ 1)
            far = self.in_blossom[self.endpoint[self.label_end[far]]]
        self.children[blossom], self.links[blossom] = children, links
        self.label[blossom] = S
        self.label_end[blossom] = self.label_end[base_blossom]
        self.dual[blossom] = 0
        for vertex in self.leaves(blossom):
            if self.label[self.in_blossom[vertex]] == T:  # a T-vertex is S now: its edges are to be looked at
                self.queue.append(vertex)
            self.in_blossom[vertex] = blossom
        # The new blossom's least-slack edges to each other S-blossom, from its children's.
        best_to = [-1] * (2 * self.n)
        for child in children:
            kept = self.best_edges[child]
            if kept is None:  # a vertex, or a blossom whose list was not kept: every edge of its leaves
                kept = [end // 2 for vertex in self.leaves(child) for end in self.neighbours[vertex]]
            for edge in kept:
                one, two, _ = self.edges[edge]
                if self.in_blossom[two] == blossom:
                    one, two = two, one
                target = self.in_blossom[two]
                if (target != blossom and self.label[target] == S
                        and (best_to[target] == -1 or self.slack(edge) < self.slack(best_to[target]))):  # fmt: skip
                    best_to[target] = edge
            self.best_edges[child] = None
            self.best_edge[child] = -1
        kept = [edge for edge in best_to if edge != -1]
        self.best_edges[blossom] = kept
        self.best_edge[blossom] = min(kept, key=self.slack, default=-1)

    def expand_blossom(self, blossom: int, end_of_stage: bool) -> None:
        """Open ``blossom`` into its children (at the end of a stage, the children of zero dual too); a T-blossom
        opened inside a stage keeps its place in the forest through the children on its even path."""
        for child in self.children[blossom]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_of_stage)
            else:
                for vertex in self.leaves(child):
                    self.in_blossom[vertex] = child
        if not end_of_stage and self.label[blossom] == T:
            children, links = self.children[blossom], self.links[blossom]
            entry = self.in_blossom[self.endpoint[self.label_end[blossom] ^ 1]]
            index, step, trick = self.direction(children, entry)
            end = self.label_end[blossom]
            while index != 0:  # from the entry to the base, relabelling T, S, T...
                self.label[self.endpoint[end ^ 1]] = FREE
                self.label[self.endpoint[links[index - trick] ^ trick ^ 1]] = FREE
                self.assign_label(self.endpoint[end ^ 1], T, end)
                self.allowed[links[index - trick] // 2] = True
                index += step
                end = links[index - trick] ^ trick
                self.allowed[end // 2] = True
                index += step
            child = children[index]  # the base child is T, its mate outside already S
            self.label[self.endpoint[end ^ 1]] = self.label[child] = T
            self.label_end[self.endpoint[end ^ 1]] = self.label_end[child] = end
            self.best_edge[child] = -1
            index += step
            while children[index] != entry:  # the odd path: children reached from outside become T
                child = children[index]
                if self.label[child] == S:
                    index += step
                    continue
                reached = next((vertex for vertex in self.leaves(child) if self.label[vertex] != FREE), None)
                if reached is not None:
                    self.label[reached] = FREE
                    self.label[self.endpoint[self.mate[self.base[child]]]] = FREE
                    self.assign_label(reached, T, self.label_end[reached])
                index += step
        self.label[blossom] = self.label_end[blossom] = -1
        self.children[blossom], self.links[blossom] = [], []
        self.base[blossom] = -1
        self.best_edges[blossom] = None
        self.best_edge[blossom] = -1
        self.unused.append(blossom)

    @staticmethod
    def direction(children: list[int], start: int) -> tuple[int, int, int]:
        """Where ``start`` is among a blossom's children and which way round reaches the base by an even path:
        the index (negative going forward), the step and the end trick (which end of a link is met first)."""
        index = children.index(start)
        if index & 1:
            return index - len(children), 1, 0
        return index, -1, 1

    def augment_blossom(self, blossom: int, vertex: int) -> None:
        """Swap matched and single edges along the even path from ``vertex`` to the base of ``blossom``, which
        ``vertex`` is the new base of."""
        child = vertex
        while self.parent[child] != blossom:
            child = self.parent[child]
        if child >= self.n:
            self.augment_blossom(child, vertex)
        children, links = self.children[blossom], self.links[blossom]
        first = children.index(child)
        index, step, trick = self.direction(children, child)
        while index != 0:
            index += step
            child = children[index]
            end = links[index - trick] ^ trick
            if child >= self.n:
                self.augment_blossom(child, self.endpoint[end])
            index += step
            child = children[index]
            if child >= self.n:
                self.augment_blossom(child, self.endpoint[end ^ 1])
            self.mate[self.endpoint[end]] = end ^ 1
            self.mate[self.endpoint[end ^ 1]] = end
        self.children[blossom] = children[first:] + children[:first]
        self.links[blossom] = links[first:] + links[:first]
        self.base[blossom] = self.base[self.children[blossom][0]]

    def augment_matching(self, k: int) -> None:
        """Swap matched and single edges along the augmenting path through edge ``k``, to both roots."""
        first, second, _ = self.edges[k]
        for vertex, end in ((first, 2 * k + 1), (second, 2 * k)):
            while True:
                blossom = self.in_blossom[vertex]
                if blossom >= self.n:
                    self.augment_blossom(blossom, vertex)
                self.mate[vertex] = end
                if self.label_end[blossom] == -1:  # the root
                    break
                above = self.in_blossom[self.endpoint[self.label_end[blossom]]]  # a T-blossom
                vertex = self.endpoint[self.label_end[above]]
                entry = self.endpoint[self.label_end[above] ^ 1]
                if above >= self.n:
                    self.augment_blossom(above, entry)
                self.mate[entry] = self.label_end[above]
                end = self.label_end[above] ^ 1

    def grow(self) -> bool:
        """Look at the queued S-vertices' edges: grow the forest, shrink blossoms; True once augmented."""
        while self.queue:
            vertex = self.queue.pop()
            for end in self.neighbours[vertex]:
                k, other = end // 2, self.endpoint[end]
                if self.in_blossom[vertex] == self.in_blossom[other]:
                    continue
                if not self.allowed[k]:
                    slack = self.slack(k)
                    self.allowed[k] = slack <= 0
                if self.allowed[k]:
                    if self.label[self.in_blossom[other]] == FREE:
                        self.assign_label(other, T, end ^ 1)
                    elif self.label[self.in_blossom[other]] == S:
                        base = self.scan_blossom(vertex, other)
                        if base == -1:
                            self.augment_matching(k)
                            return True
                        self.add_blossom(base, k)
                    elif self.label[other] == FREE:  # inside a T-blossom, reached now from outside
                        self.label[other] = T
                        self.label_end[other] = end ^ 1
                elif self.label[self.in_blossom[other]] == S:
                    blossom = self.in_blossom[vertex]
                    if self.best_edge[blossom] == -1 or slack < self.slack(self.best_edge[blossom]):
                        self.best_edge[blossom] = k
                elif self.label[other] == FREE and (
                    self.best_edge[other] == -1 or slack < self.slack(self.best_edge[other])
                ):
                    self.best_edge[other] = k
        return False

    def move_duals(self) -> bool:
        """Change the duals by the least delta that lets the forest grow (or a T-blossom open); False when the
        least is a vertex dual reaching zero: the matching is then of the greatest weight."""
        n = self.n
        kind, delta, chosen = 1, min(self.dual[:n]), -1
        for vertex in range(n):  # an S-vertex to a free one
            if self.label[self.in_blossom[vertex]] == FREE and self.best_edge[vertex] != -1:
                slack = self.slack(self.best_edge[vertex])
                if slack < delta:
                    kind, delta, chosen = 2, slack, self.best_edge[vertex]
        for blossom in range(2 * n):  # two S-blossoms: half the slack (whole: integer weights keep it even)
            if self.parent[blossom] == -1 and self.label[blossom] == S and self.best_edge[blossom] != -1:
                half = self.slack(self.best_edge[blossom]) // 2
                if half < delta:
                    kind, delta, chosen = 3, half, self.best_edge[blossom]
        for blossom in range(n, 2 * n):  # a T-blossom's dual reaching zero
            top = self.base[blossom] >= 0 and self.parent[blossom] == -1
            if top and self.label[blossom] == T and self.dual[blossom] < delta:
                kind, delta, chosen = 4, self.dual[blossom], blossom
        for vertex in range(n):
            label = self.label[self.in_blossom[vertex]]
            self.dual[vertex] += -delta if label == S else delta if label == T else 0
        for blossom in range(n, 2 * n):
            if self.base[blossom] >= 0 and self.parent[blossom] == -1:
                label = self.label[blossom]
                self.dual[blossom] += delta if label == S else -delta if label == T else 0
        if kind == 1:
            return False
        if kind in (2, 3):
            self.allowed[chosen] = True
            first, second, _ = self.edges[chosen]
            self.queue.append(first if self.label[self.in_blossom[first]] == S else second)
        else:
            self.expand_blossom(chosen, end_of_stage=False)
        return True

    def solve(self) -> None:
        """Stages, each one augmentation, until none is left that adds weight."""
        n = self.n
        for _ in range(n):
            self.label = [FREE] * (2 * n)
            self.best_edge = [-1] * (2 * n)
            self.best_edges[n:] = [None] * n
            self.allowed = [False] * len(self.edges)
            self.queue = []
            for vertex in range(n):
                if self.mate[vertex] == -1 and self.label[self.in_blossom[vertex]] == FREE:
                    self.assign_label(vertex, S, -1)
            augmented = False
            while not (augmented := self.grow()):
                if not self.move_duals():
                    break
            if not augmented:
                return
            for blossom in range(n, 2 * n):  # S-blossoms of zero dual open before the next stage
                if (self.parent[blossom] == -1 and self.base[blossom] >= 0 and self.label[blossom] == S
                        and self.dual[blossom] == 0):  # fmt: skip
                    self.expand_blossom(blossom, end_of_stage=True)
