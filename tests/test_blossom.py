"""The heaviest matching of a general graph, which the Swiss draw pairs teams with: checked against every matching,
by brute force, on small graphs of any shape and weights (odd cycles make blossoms), weights of hundreds of digits
among them."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from xlbridge.engine.blossom import max_weight_matching


def heaviest_by_brute_force(vertices: int, weights: dict[frozenset[int], int]) -> int:
    """The greatest total weight of any matching: each vertex in turn left single or matched to a neighbour."""

    def best(left: tuple[int, ...]) -> int:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        options = [best(rest)]
        for other in rest:
            pair = frozenset((first, other))
            if pair in weights:
                options.append(weights[pair] + best(tuple(v for v in rest if v != other)))
        return max(options)

    return best(tuple(range(vertices)))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int, int]]]:
    vertices = draw(st.integers(1, 9))
    pairs = draw(st.lists(st.sampled_from(list(itertools.combinations(range(vertices), 2)) or [(0, 0)]),
                          unique=True))  # fmt: skip
    largest = draw(st.sampled_from([3, 20, 10**6, 10**300]))
    edges = []
    for first, second in pairs:
        if first != second:
            ends = (first, second) if draw(st.booleans()) else (second, first)
            edges.append((*ends, draw(st.integers(-largest // 4, largest))))
    return vertices, edges


@settings(max_examples=500)
@given(graphs())
def test_the_matching_is_the_heaviest(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    """Up to 9 vertices, any edges and weights (negative ones too): each vertex's mate is mated back through an
    edge of the graph, and the total weight is the greatest of any matching."""
    vertices, edges = graph
    weights = {frozenset((first, second)): weight for first, second, weight in edges}
    mates = max_weight_matching(vertices, edges)
    assert len(mates) == vertices
    total = 0
    for vertex, mate in enumerate(mates):
        if mate is not None:
            assert mates[mate] == vertex
            total += weights[frozenset((vertex, mate))] if vertex < mate else 0
    assert total == heaviest_by_brute_force(vertices, weights)


def test_a_blossom_opened_within_a_stage() -> None:
    """A triangle 0-1-2 with an edge out of 0 and one out of 1: the triangle is shrunk into a blossom, which opens
    again when its dual falls to zero, and the best matching (13) takes two of the lighter edges rather than the
    heaviest (9)."""
    edges = [(0, 1, 9), (0, 2, 7), (0, 4, 6), (1, 2, 7), (1, 3, 6)]
    mates = max_weight_matching(5, edges)
    weights = {frozenset((first, second)): weight for first, second, weight in edges}
    chosen = {frozenset((vertex, mate)) for vertex, mate in enumerate(mates) if mate is not None}
    assert sum(weights[pair] for pair in chosen) == 13
    assert frozenset((0, 1)) not in chosen


def test_no_edges_leaves_every_vertex_single() -> None:
    assert max_weight_matching(3, []) == [None, None, None]
