using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;

namespace NFX.Slim.Cloning.TreeClone;

/// <summary>
/// An ordinary class in a depth-first clone: its codec's shallow copy (plain data and strings copied, [NonSerialized]
/// fields left default, as a round trip leaves them), then a compiled fill that sets each reference field to the
/// clone of the source's, through the node of the field's declared type.
/// </summary>
[RequiresDynamicCode("Compiles the fill of a class's reference fields.")]
[RequiresUnreferencedCode("Allocates and fills types whose members the trimmer may have removed.")]
internal sealed class ObjectTreeNode : TreeCloneNode
{
    private static readonly MethodInfo s_cloneTreeChild = typeof(CloneSession).GetMethod(nameof(CloneSession.CloneTreeChild))!;
    private static readonly MethodInfo s_as = new Func<object?, object?>(Unsafe.As<object>).Method.GetGenericMethodDefinition();
    private static readonly PropertyInfo s_children = typeof(TreeCloneNode).GetProperty(nameof(Children))!;
    private static readonly FieldInfo s_clonedObjectClone = typeof(ClonedObject).GetField(nameof(ClonedObject.Clone))!;

    private readonly FieldInfo[] _references;
    private readonly Expression<Func<object, object>> _shallowCopy;

    /// <summary>
    /// A node for <paramref name="type"/>, whose codec makes <paramref name="shell"/> (compiled from <paramref name="shallowCopy"/>)
    /// and whose <paramref name="references"/> need cloning.
    /// </summary>
    public ObjectTreeNode(Type type, Func<object, object> shell, Expression<Func<object, object>> shallowCopy, FieldInfo[] references) : base(type)
    {
        Shell = shell;
        _shallowCopy = shallowCopy;
        _references = references;
    }

    public override void Build(TreeClonePlans plans)
    {
        Children = [.. _references.Select(field => plans.NodeFor(field.FieldType))];
        if (_references.Length != 0)
        {
            SetFill(BuildFill().Compile(), BuildCopy().Compile());
        }
    }

    /// <summary>
    /// <c>(node, source, target, session, depth) => { var s = (T)source; var t = (T)target;
    /// t.f1 = (F1)session.CloneTreeChild(s.f1, node.Children[0], depth); ... }</c>. The child nodes come from the node
    /// rather than from constants: a compiled tree fetches each constant from its closure with a cast check.
    /// </summary>
    internal Expression<TreeFill> BuildFill()
    {
        ParameterExpression node = Expression.Parameter(typeof(TreeCloneNode), "node");
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression target = Expression.Parameter(typeof(object), "target");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        ParameterExpression depth = Expression.Parameter(typeof(int), "depth");
        ParameterExpression t = Expression.Variable(Type, "t");
        var body = new List<Expression> { Expression.Assign(t, As(target, Type)) };
        ParameterExpression[] locals = FillFields(body, node, source, t, session, depth);
        body.Add(Expression.Empty());
        return Expression.Lambda<TreeFill>(Expression.Block([t, .. locals], body), $"TreeFill_{Type.Name}", [node, source, target, session, depth]);
    }

    /// <summary>
    /// <c>(node, source, session, depth, ref entry) => { var t = shallowCopy(source); entry.Clone = t; (the fill) return t; }</c>,
    /// the codec's shallow copy inlined.
    /// </summary>
    internal Expression<TreeCopy> BuildCopy()
    {
        ParameterExpression node = Expression.Parameter(typeof(TreeCloneNode), "node");
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression session = Expression.Parameter(typeof(CloneSession), "session");
        ParameterExpression depth = Expression.Parameter(typeof(int), "depth");
        ParameterExpression entry = Expression.Parameter(typeof(ClonedObject).MakeByRefType(), "entry");
        ParameterExpression t = Expression.Variable(Type, "t");
        var body = new List<Expression>
        {
            Expression.Assign(t, As(Expression.Invoke(_shallowCopy, source), Type)),
            Expression.Assign(Expression.Field(entry, s_clonedObjectClone), Expression.Convert(t, typeof(object))),
        };
        ParameterExpression[] locals = FillFields(body, node, source, t, session, depth);
        body.Add(Expression.Convert(t, typeof(object)));
        return Expression.Lambda<TreeCopy>(Expression.Block([t, .. locals], body), $"TreeClone_{Type.Name}", [node, source, session, depth, entry]);
    }

    /// <summary>Adds to <paramref name="body"/> <c>t.f = (F)session.CloneTreeChild(s.f, node.Children[i], depth)</c> per reference field.</summary>
    private ParameterExpression[] FillFields(List<Expression> body, ParameterExpression node, ParameterExpression source, ParameterExpression t,
        ParameterExpression session, ParameterExpression depth)
    {
        ParameterExpression children = Expression.Variable(typeof(TreeCloneNode[]), "children");
        ParameterExpression s = Expression.Variable(Type, "s");
        body.Add(Expression.Assign(s, As(source, Type)));
        body.Add(Expression.Assign(children, Expression.Property(node, s_children)));
        for (int i = 0; i < _references.Length; i++)
        {
            FieldInfo field = _references[i];
            Expression child = Expression.Call(session, s_cloneTreeChild,
                Expression.Convert(Expression.Field(s, field), typeof(object)),
                Expression.ArrayIndex(children, Expression.Constant(i)),
                depth);
            body.Add(FieldSetters.Assign(t, field, As(child, field.FieldType)));
        }
        return [children, s];
    }

    /// <summary>
    /// A reference as <paramref name="type"/> without a cast check: the session hands a fill only objects of the
    /// node's exact type, and a child's clone has the exact type the child node checked.
    /// </summary>
    private static Expression As(Expression value, Type type) => Expression.Call(s_as.MakeGenericMethod(type), value);
}
