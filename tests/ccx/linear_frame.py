"""An independent linear 3D frame solver (direct stiffness method) for the CalculiX decks whose
structure is statically indeterminate (swing): exact two-node Timoshenko frame elements
(J. S. Przemieniecki, Theory of Matrix Structural Analysis, 1968, eq. 5.116 with shear), which
give the exact beam-theory answer at the nodes of a frame loaded at its nodes. Pure Python, dense
Gaussian elimination (a few hundred DOFs).

Local axes: x along the member, y = n1, z = n2 = x cross n1 (the deck's section direction made
normal to the axis). DOFs per node: UX UY UZ RX RY RZ.
"""


def _sub(a, b):
    return [x - y for x, y in zip(a, b)]


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _cross(a, b):
    return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]


def _unit(a):
    n = _dot(a, a) ** 0.5
    return [x / n for x in a]


def element_stiffness(p1, p2, n1, E, G, section):
    """12 x 12 global stiffness of a Timoshenko frame member; section holds A, I11 (about n1,
    bending along n2), I22 (about n2, bending along n1), J and the shear coefficient k, or k1
    (shear along n1) and k2 (along n2) where they differ."""
    axis = _sub(p2, p1)
    L = _dot(axis, axis) ** 0.5
    ex = _unit(axis)
    ey = _unit(_sub(n1, [_dot(n1, ex) * x for x in ex]))
    ez = _cross(ex, ey)
    A = section["A"]
    k1, k2 = section.get("k1", section.get("k")), section.get("k2", section.get("k"))
    iz, iy = section["I22"], section["I11"]   # v (along y = n1) bends about z = n2: I22
    kl = [[0.0] * 12 for _ in range(12)]

    def put(dofs, block, factor):
        for i, a in enumerate(dofs):
            for j, b in enumerate(dofs):
                kl[a][b] += factor * block[i][j]

    put([0, 6], [[1, -1], [-1, 1]], E * A / L)
    put([3, 9], [[1, -1], [-1, 1]], G * section["J"] / L)
    for inertia, k, dofs, sign in ((iz, k1, [1, 5, 7, 11], 1.0), (iy, k2, [2, 4, 8, 10], -1.0)):
        phi = 12 * E * inertia / (k * G * A * L * L)
        c = E * inertia / ((1 + phi) * L ** 3)
        s = sign * 6 * L
        put(dofs, [[12, s, -12, s],
                   [s, (4 + phi) * L * L, -s, (2 - phi) * L * L],
                   [-12, -s, 12, -s],
                   [s, (2 - phi) * L * L, -s, (4 + phi) * L * L]], c)
    rotation = [ex, ey, ez]
    # K = T^T kl T with T = diag(R, R, R, R), R rows = local axes.
    kg = [[0.0] * 12 for _ in range(12)]
    for bi in range(4):
        for bj in range(4):
            for a in range(3):
                for b in range(3):
                    kg[3 * bi + a][3 * bj + b] = sum(rotation[p][a] * kl[3 * bi + p][3 * bj + q] * rotation[q][b]
                                                     for p in range(3) for q in range(3))
    return kg


def offset_stiffness(ke, e):
    """The stiffness ke of a member whose centroid line lies the vector e off its nodes at both
    ends, moved to the nodes by rigid links: u_centre = u_node + theta x e, theta unchanged;
    K = T^T ke T (the rigid eccentricity corot's B31 carries for OFFSET1/OFFSET2)."""
    t = [[1.0 if i == j else 0.0 for j in range(12)] for i in range(12)]
    skew = [[0.0, e[2], -e[1]], [-e[2], 0.0, e[0]], [e[1], -e[0], 0.0]]   # theta x e = skew theta
    for end in (0, 6):
        for i in range(3):
            for j in range(3):
                t[end + i][end + 3 + j] = skew[i][j]
    tk = [[sum(t[p][i] * ke[p][q] for p in range(12)) for q in range(12)] for i in range(12)]
    return [[sum(tk[i][q] * t[q][j] for q in range(12)) for j in range(12)] for i in range(12)]


def solve(nodes, members, fixed, loads):
    """nodes {id: [x, y, z]}; members [(n1_id, n2_id, n1_direction, E, G, section[, offset])],
    offset the vector from the nodes to the member's centroid line (offset_stiffness);
    fixed {node: [dof, ...]} (1-based DOFs); loads {(node, dof): value}.
    Returns {node: [UX, UY, UZ, RX, RY, RZ]}."""
    ids = sorted(nodes)
    index = {n: i for i, n in enumerate(ids)}
    size = 6 * len(ids)
    K = [[0.0] * size for _ in range(size)]
    for a, b, n1, E, G, section, *offset in members:
        ke = element_stiffness(nodes[a], nodes[b], n1, E, G, section)
        if offset:
            ke = offset_stiffness(ke, offset[0])
        dofs = [6 * index[a] + i for i in range(6)] + [6 * index[b] + i for i in range(6)]
        for i, gi in enumerate(dofs):
            row = K[gi]
            for j, gj in enumerate(dofs):
                row[gj] += ke[i][j]
    constrained = {6 * index[n] + d - 1 for n, dofs in fixed.items() for d in dofs}
    free = [i for i in range(size) if i not in constrained]
    f = [0.0] * size
    for (n, d), v in loads.items():
        f[6 * index[n] + d - 1] += v
    m = [[K[i][j] for j in free] + [f[i]] for i in free]
    n = len(free)
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        row_c = m[c]
        for r in range(c + 1, n):
            factor = m[r][c] / pivot
            if factor != 0.0:
                row_r = m[r]
                for k in range(c, n + 1):
                    row_r[k] -= factor * row_c[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))) / m[r][r]
    u = [0.0] * size
    for i, v in zip(free, x):
        u[i] = v
    return {node: u[6 * index[node]:6 * index[node] + 6] for node in ids}
